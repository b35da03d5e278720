import { createHash, randomBytes } from 'node:crypto';
import { E2E } from '../ports.mjs';

export const OIDC_ISSUER = `http://127.0.0.1:${E2E.oidcPort}/realms/lt`;

/**
 * An ID token from the local OIDC provider, got the way keycloak-js and the browser get one (authorization code,
 * PKCE S256, the provider's login form), without a browser: for tests of the server's `id_token` grant.
 */
export async function socialIdToken(options: {
  productOrigin: string;
  email?: string;
  name?: string;
  hint?: 'google' | 'apple';
}): Promise<string> {
  const jar = new Map<string, string>();
  const go = async (url: string, init: RequestInit = {}): Promise<Response> => {
    const headers = new Headers(init.headers);
    if (jar.size) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return res;
  };
  const location = (res: Response, from: string): string => {
    const to = res.headers.get('location');
    if (!to) throw new Error(`no redirect from ${from} (${res.status})`);
    return new URL(to, from).href;
  };

  const redirectUri = `${options.productOrigin}/auth/callback`;
  const verifier = randomBytes(48).toString('base64url');
  const auth = new URL(`${OIDC_ISSUER}/protocol/openid-connect/auth`);
  auth.search = new URLSearchParams({
    client_id: 'lt-web',
    redirect_uri: redirectUri,
    state: randomBytes(8).toString('hex'),
    response_mode: 'fragment',
    response_type: 'code',
    scope: 'openid',
    nonce: randomBytes(8).toString('hex'),
    kc_idp_hint: options.hint ?? 'google',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();

  let url = location(await go(auth.href), auth.href);
  const form = new URLSearchParams({ email: options.email ?? 'ana@example.com', name: options.name ?? 'Ana Social' });
  url = location(
    await go(`${url}/login`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form }),
    url,
  );
  for (let hops = 0; !url.startsWith(redirectUri); hops++) {
    if (hops > 5) throw new Error(`the provider did not come back to ${redirectUri}`);
    url = location(await go(url), url);
  }
  const code = new URLSearchParams(new URL(url).hash.slice(1)).get('code');
  if (!code) throw new Error(`no code in ${url}`);

  const res = await fetch(`${OIDC_ISSUER}/protocol/openid-connect/token`, {
    method: 'POST',
    body: new URLSearchParams({
      code,
      grant_type: 'authorization_code',
      client_id: 'lt-web',
      redirect_uri: redirectUri,
      code_verifier: verifier,
    }),
  });
  const tokens = (await res.json()) as { id_token?: string; error?: string };
  if (!tokens.id_token) throw new Error(`token endpoint answered ${res.status}: ${JSON.stringify(tokens)}`);
  return tokens.id_token;
}
