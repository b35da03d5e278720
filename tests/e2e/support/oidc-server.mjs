// A local OpenID Connect provider standing in for Keycloak in tests: it serves Keycloak's URL shape for one realm
// (`/realms/<realm>/protocol/openid-connect/...`) so keycloak-js and the server's ID-token check run unchanged.
//
//   node tests/e2e/support/oidc-server.mjs            # port from ports.mjs (E2E.oidcPort), realm lt, client lt-web
//   OIDC_PORT=8180 OIDC_ORIGINS=http://localhost:8080 node tests/e2e/support/oidc-server.mjs
//
// The login page offers 'Sign in as Ana' (ana@example.com, 'Ana Social') or any e-mail and name; consent is implied.
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { createLocalJWKSet, exportJWK, generateKeyPair, jwtVerify } from 'jose';
import { E2E } from '../ports.mjs';
import { html, loginPage, loginStatusPage, page, thirdPartyCookiesPage } from './oidc-pages.mjs';

// Two warnings that are expected for a throwaway test provider (Node 20, in-memory storage) would otherwise show up in
// every test run's output.
const warn = console.warn;
console.warn = (first, ...rest) => {
  if (/^oidc-provider WARNING: (Unsupported runtime|a quick start development-only in-memory adapter)/.test(String(first))) return;
  warn(first, ...rest);
};
const { default: Provider, errors } = await import('oidc-provider');

const port = Number(process.env.OIDC_PORT ?? E2E.oidcPort);
const host = process.env.OIDC_HOST ?? '127.0.0.1';
const realm = process.env.OIDC_REALM ?? 'lt';
const clientId = process.env.OIDC_CLIENT_ID ?? 'lt-web';
const productOrigins = (
  process.env.OIDC_ORIGINS ??
  [E2E.embeddedPort, E2E.distributedPort].flatMap((p) => [`http://localhost:${p}`, `http://127.0.0.1:${p}`]).join(',')
)
  .split(',')
  .map((origin) => origin.trim().replace(/\/$/, ''))
  .filter(Boolean);

const origin = `http://${host}:${port}`;
const realmPath = `/realms/${realm}`;
const issuer = `${origin}${realmPath}`;
const oidcPath = '/protocol/openid-connect';
// Access tokens are JWTs for this (Keycloak-like) audience: keycloak-js decodes the access token and fails on opaque ones.
const apiResource = `${issuer}/account`;
const grantedScope = 'openid email profile';

/** @typedef {{ sub: string, email: string, email_verified: boolean, name: string, given_name: string, family_name: string }} Claims */
/** @type {Map<string, Claims>} */
const accounts = new Map();

function remember(email, name) {
  const normalised = email.trim().toLowerCase();
  // Ana keeps one subject across restarts so tests and manual runs can link her to the same local user.
  const sub =
    normalised === 'ana@example.com'
      ? 'f3a1c0de-0000-4000-8000-00000000a0a1'
      : `u-${createHash('sha256').update(normalised).digest('hex').slice(0, 24)}`;
  const full = (name ?? '').trim() || normalised.split('@')[0];
  const [given, ...rest] = full.split(/\s+/);
  const claims = { sub, email: normalised, email_verified: true, name: full, given_name: given, family_name: rest.join(' ') };
  accounts.set(sub, claims);
  return claims;
}
remember('ana@example.com', 'Ana Social');

const { privateKey } = await generateKeyPair('RS256', { extractable: true });
const signingKey = { ...(await exportJWK(privateKey)), kid: randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' };
const { d, p, q, dp, dq, qi, ...publicKey } = signingKey;
const publicKeys = createLocalJWKSet({ keys: [publicKey] });

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: clientId,
      token_endpoint_auth_method: 'none',
      application_type: 'web',
      redirect_uris: productOrigins.map((o) => `${o}/auth/callback`),
      post_logout_redirect_uris: productOrigins.flatMap((o) => [o, `${o}/`]),
      response_types: ['code'],
      grant_types: ['authorization_code', 'refresh_token'],
    },
  ],
  jwks: { keys: [signingKey] },
  cookies: { keys: [randomBytes(32).toString('hex')] },
  routes: {
    authorization: `${oidcPath}/auth`,
    token: `${oidcPath}/token`,
    jwks: `${oidcPath}/certs`,
    userinfo: `${oidcPath}/userinfo`,
    end_session: `${oidcPath}/logout`,
    revocation: `${oidcPath}/revoke`,
    introspection: `${oidcPath}/token/introspect`,
    pushed_authorization_request: `${oidcPath}/ext/par/request`,
  },
  // keycloak-js sends the identity provider hint on the authorization request; oidc-provider rejects unknown params.
  extraParams: ['kc_idp_hint'],
  scopes: ['openid', 'offline_access', 'email', 'profile'],
  // Keycloak puts e-mail and name in the ID token for its default client scopes even when only `openid` is asked.
  claims: {
    openid: ['sub', 'email', 'email_verified', 'name', 'given_name', 'family_name'],
    email: ['email', 'email_verified'],
    profile: ['name', 'given_name', 'family_name'],
  },
  conformIdTokenClaims: false,
  pkce: { required: () => true },
  clientBasedCORS: (_ctx, requestOrigin) => productOrigins.includes(requestOrigin),
  findAccount: (_ctx, sub) => {
    const claims = accounts.get(sub);
    return claims ? { accountId: sub, claims: () => ({ ...claims }) } : undefined;
  },
  // The product's client is first-party: Keycloak grants it without a consent screen, so every sign-in gets its grant here.
  loadExistingGrant: async (ctx) => {
    const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
    if (grantId) {
      const existing = await ctx.oidc.provider.Grant.find(grantId);
      if (existing) return existing;
    }
    const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
    grant.addOIDCScope(grantedScope);
    grant.addResourceScope(apiResource, grantedScope);
    await grant.save();
    return grant;
  },
  interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  features: {
    devInteractions: { enabled: false },
    rpInitiatedLogout: {
      enabled: true,
      // Keycloak ends the session without a confirmation page when the client sends id_token_hint.
      logoutSource: (ctx, form) => {
        ctx.body = page(
          'Signing out',
          `${form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>')}
<p>Signing out…</p><script>document.forms[0].submit()</script>`,
        );
      },
      postLogoutSuccessSource: (ctx) => {
        ctx.body = page('Signed out', '<h1>Signed out</h1>');
      },
    },
    resourceIndicators: {
      enabled: true,
      defaultResource: () => apiResource,
      useGrantedResource: () => true,
      getResourceServerInfo: (_ctx, resource) => {
        if (resource !== apiResource) throw new errors.InvalidTarget();
        return { scope: grantedScope, audience: 'account', accessTokenFormat: 'jwt', accessTokenTTL: 300, jwt: { sign: { alg: 'RS256' } } };
      },
    },
  },
  // Keycloak issues a refresh token without offline_access; keycloak-js decodes it, so only clients asking for it get one.
  issueRefreshToken: (_ctx, client, code) => client.grantTypeAllowed('refresh_token') && code.scopes.has('offline_access'),
  ttl: {
    AccessToken: 300,
    AuthorizationCode: 60,
    IdToken: 300,
    Interaction: 600,
    Session: 3600,
    Grant: 3600,
    RefreshToken: 1800,
  },
  renderError: (ctx, out) => {
    ctx.type = 'html';
    ctx.body = page(
      'Sign-in error',
      `<h1>Sign-in error</h1><p data-testid="oidc-error">${html(out.error)}: ${html(out.error_description)}</p>`,
    );
  },
});
provider.proxy = false;

const providerCallback = provider.callback();

async function formBody(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

async function interaction(req, res, uid, action) {
  const details = await provider.interactionDetails(req, res);
  if (details.uid !== uid) throw new Error('interaction does not match this browser session');
  const { prompt, params } = details;
  if (req.method === 'GET') {
    const hint = params.kc_idp_hint ?? '';
    const via = hint === 'google' ? 'Google' : hint === 'apple' ? 'Apple' : 'the local realm';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(loginPage({ uid, realm, clientId: params.client_id, hint, via, prompt: prompt.name }));
    return;
  }
  if (req.method === 'POST' && action === 'login') {
    const form = await formBody(req);
    const email = form.get('email') ?? '';
    if (!/^[^@\s]+@[^@\s]+$/.test(email)) {
      res.writeHead(400, { 'content-type': 'text/plain' });
      res.end('an e-mail address is required');
      return;
    }
    const account = remember(email, form.get('name'));
    await provider.interactionFinished(req, res, { login: { accountId: account.sub } }, { mergeWithLastSubmission: false });
    return;
  }
  if (req.method === 'POST' && action === 'abort') {
    await provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'End-User aborted interaction' },
      { mergeWithLastSubmission: false },
    );
    return;
  }
  res.writeHead(405).end();
}

/** Keycloak's userinfo accepts its JWT access tokens; oidc-provider's refuses tokens meant for a resource server. */
async function userinfo(req, res) {
  const bearer = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1];
  const fail = (status, error) => {
    res.writeHead(status, { 'content-type': 'application/json', 'www-authenticate': `Bearer error="${error}"` });
    res.end(JSON.stringify({ error }));
  };
  if (!bearer) return fail(401, 'invalid_request');
  try {
    const { payload } = await jwtVerify(bearer, publicKeys, { issuer });
    const claims = accounts.get(String(payload.sub));
    if (!claims) return fail(401, 'invalid_token');
    res.writeHead(200, { 'content-type': 'application/json', ...corsHeaders(req) });
    res.end(JSON.stringify(claims));
  } catch {
    fail(401, 'invalid_token');
  }
}

function corsHeaders(req) {
  const requestOrigin = req.headers.origin;
  return requestOrigin && productOrigins.includes(requestOrigin)
    ? { 'access-control-allow-origin': requestOrigin, 'access-control-allow-credentials': 'true', vary: 'Origin' }
    : {};
}

const server = createServer(async (req, res) => {
  try {
    const url = new URL(req.url ?? '/', origin);
    const route = url.pathname;
    const interactionMatch = /^\/interaction\/([\w-]+)(?:\/(login|abort))?$/.exec(route);
    if (interactionMatch) return await interaction(req, res, interactionMatch[1], interactionMatch[2]);
    if (route === `${realmPath}${oidcPath}/userinfo`) {
      if (req.method === 'OPTIONS') {
        res.writeHead(204, {
          ...corsHeaders(req),
          'access-control-allow-headers': 'authorization',
          'access-control-allow-methods': 'GET,POST',
        });
        return res.end();
      }
      return await userinfo(req, res);
    }
    if (route === `${realmPath}${oidcPath}/3p-cookies/step1.html`) {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end(thirdPartyCookiesPage);
    }
    if (route === `${realmPath}${oidcPath}/login-status-iframe.html`) {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end(loginStatusPage);
    }
    if (route === '/favicon.ico') return res.writeHead(204).end();
    if (route === realmPath) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ realm, 'token-service': `${issuer}${oidcPath}`, 'tokens-not-before': 0 }));
    }
    if (route.startsWith(`${realmPath}/`)) {
      // keycloak-js sends `credentials: 'include'` to the token endpoint; Keycloak answers with allow-credentials.
      const writeHead = res.writeHead;
      res.writeHead = function (...args) {
        const allowed = res.getHeader('access-control-allow-origin');
        if (allowed && allowed !== '*') res.setHeader('access-control-allow-credentials', 'true');
        return writeHead.apply(this, args);
      };
      req.originalUrl = req.url;
      req.url = req.url.slice(realmPath.length) || '/';
      return providerCallback(req, res);
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  } catch (error) {
    if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page('Sign-in error', `<h1>Sign-in error</h1><p data-testid="oidc-error">${html(error?.message ?? error)}</p>`));
  }
});

server.listen(port, host, () => {
  console.log(`local OIDC provider (Keycloak URL shape) on ${issuer} for ${clientId}; redirects to ${productOrigins.join(', ')}`);
});
const stop = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
