import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type KeyLike } from 'jose';

/** Stands in for Keycloak's realm keys: signs ID tokens and serves the JWKS at Keycloak's path. */
export async function fakeRealm() {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'realm-key', alg: 'RS256', use: 'sig' };
  const server: Server = createServer((req, res) => {
    if (req.url === '/realms/lt/protocol/openid-connect/certs') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ keys: [jwk] }));
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const sign = (claims: Record<string, unknown>, options: { audience?: string; issuer?: string; expiresIn?: string; key?: KeyLike } = {}) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'realm-key' })
      .setIssuer(options.issuer ?? `${url}/realms/lt`)
      .setAudience(options.audience ?? 'lt-web')
      .setIssuedAt()
      .setExpirationTime(options.expiresIn ?? '5m')
      .sign(options.key ?? privateKey);
  return { url, sign, close: () => new Promise<void>((r) => server.close(() => r())) };
}
