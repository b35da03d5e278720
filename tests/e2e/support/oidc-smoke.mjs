// Walks the authorization-code flow with PKCE against a running local OIDC provider the way keycloak-js and the
// browser would (fetch + manual redirects + a cookie jar), and checks what the product relies on.
//   node tests/e2e/support/oidc-server.mjs & node tests/e2e/support/oidc-smoke.mjs
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { E2E } from '../ports.mjs';

const base = process.env.OIDC_URL ?? `http://127.0.0.1:${E2E.oidcPort}`;
const issuer = `${base}/realms/lt`;
const productOrigin = process.env.PRODUCT_ORIGIN ?? `http://localhost:${E2E.embeddedPort}`;
const redirectUri = `${productOrigin}/auth/callback`;
const jar = new Map();

async function go(url, init = {}) {
  const headers = new Headers(init.headers);
  if (jar.size) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
  const res = await fetch(url, { ...init, headers, redirect: 'manual' });
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eq = pair.indexOf('=');
    const value = pair.slice(eq + 1);
    if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(pair.slice(0, eq));
    else jar.set(pair.slice(0, eq), value);
  }
  return res;
}
const next = (res, from) => new URL(res.headers.get('location'), from).href;

const discovery = await (await fetch(`${issuer}/.well-known/openid-configuration`)).json();
assert.equal(discovery.issuer, issuer);
assert.equal(discovery.authorization_endpoint, `${issuer}/protocol/openid-connect/auth`);
assert.equal(discovery.token_endpoint, `${issuer}/protocol/openid-connect/token`);
assert.equal(discovery.jwks_uri, `${issuer}/protocol/openid-connect/certs`);
assert.equal(discovery.userinfo_endpoint, `${issuer}/protocol/openid-connect/userinfo`);
assert.equal(discovery.end_session_endpoint, `${issuer}/protocol/openid-connect/logout`);

const verifier = randomBytes(48).toString('base64url');
const challenge = createHash('sha256').update(verifier).digest('base64url');
const state = randomBytes(8).toString('hex');
const nonce = randomBytes(8).toString('hex');
const auth = new URL(discovery.authorization_endpoint);
for (const [k, v] of Object.entries({
  client_id: 'lt-web',
  redirect_uri: redirectUri,
  state,
  response_mode: 'fragment',
  response_type: 'code',
  scope: 'openid',
  nonce,
  kc_idp_hint: 'google',
  code_challenge: challenge,
  code_challenge_method: 'S256',
}))
  auth.searchParams.set(k, v);

// Without PKCE the public client is refused.
const noPkce = new URL(auth);
noPkce.searchParams.delete('code_challenge');
noPkce.searchParams.delete('code_challenge_method');
const refused = await fetch(noPkce, { redirect: 'manual' });
assert.match(refused.headers.get('location') ?? '', /error=invalid_request/, 'authorization without PKCE must fail');

let res = await go(auth);
assert.equal(res.status, 303);
let url = next(res, auth);
assert.match(url, /\/interaction\/[\w-]+$/);
res = await go(url);
const loginPage = await res.text();
assert.equal(res.status, 200);
assert.match(loginPage, /Sign in as Ana/);
assert.match(loginPage, /data-testid="idp-hint">google</);

res = await go(`${url}/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: 'email=ana%40example.com&name=Ana+Social',
});
assert.equal(res.status, 303);
url = next(res, url);
for (let hops = 0; !url.startsWith(redirectUri) && hops < 5; hops++) {
  res = await go(url);
  assert.ok([302, 303].includes(res.status), `unexpected ${res.status} at ${url}: ${await res.text()}`);
  url = next(res, url);
}
assert.ok(url.startsWith(`${redirectUri}#`), `expected the callback with a fragment, got ${url}`);
const fragment = new URLSearchParams(new URL(url).hash.slice(1));
assert.equal(fragment.get('state'), state);
assert.equal(fragment.get('iss'), issuer);
const code = fragment.get('code');
assert.ok(code);

const tokenBody = (extra) =>
  new URLSearchParams({ code, grant_type: 'authorization_code', client_id: 'lt-web', redirect_uri: redirectUri, ...extra });
const wrongVerifier = await fetch(discovery.token_endpoint, { method: 'POST', body: tokenBody({ code_verifier: 'x'.repeat(43) }) });
assert.equal(wrongVerifier.status, 400, 'a wrong code_verifier must be refused');

const tokenRes = await fetch(discovery.token_endpoint, {
  method: 'POST',
  headers: { origin: productOrigin, accept: 'application/json' },
  body: tokenBody({ code_verifier: verifier }),
});
const tokens = await tokenRes.json();
assert.equal(tokenRes.status, 200, JSON.stringify(tokens));
assert.equal(tokenRes.headers.get('access-control-allow-origin'), productOrigin);
assert.equal(tokenRes.headers.get('access-control-allow-credentials'), 'true');

const jwks = createRemoteJWKSet(new URL(discovery.jwks_uri));
const { payload: id } = await jwtVerify(tokens.id_token, jwks, { issuer, audience: 'lt-web' });
assert.equal(id.nonce, nonce);
assert.equal(id.email, 'ana@example.com');
assert.equal(id.email_verified, true);
assert.equal(id.name, 'Ana Social');
assert.equal(id.given_name, 'Ana');
assert.equal(id.family_name, 'Social');
assert.equal(id.sub, 'f3a1c0de-0000-4000-8000-00000000a0a1');
const access = decodeJwt(tokens.access_token);
assert.equal(access.sub, id.sub);
assert.equal(access.iss, issuer);

const info = await (await fetch(discovery.userinfo_endpoint, { headers: { authorization: `Bearer ${tokens.access_token}` } })).json();
assert.equal(info.email, 'ana@example.com');

const reused = await fetch(discovery.token_endpoint, { method: 'POST', body: tokenBody({ code_verifier: verifier }) });
assert.equal(reused.status, 400, 'a code is single-use');

console.log(`OK: PKCE code flow against ${issuer}; ID token for ${id.email} (${id.name}), sub ${id.sub}`);
console.log(
  JSON.stringify(
    { id_token_claims: id, access_token_claims: access, token_type: tokens.token_type, refresh: Boolean(tokens.refresh_token) },
    null,
    2,
  ),
);
