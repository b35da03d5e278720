import { exportJWK, generateKeyPair, SignJWT, type JWK, type KeyLike } from 'jose';
import { ACCESS_TOKEN_JWT } from '@lt/contracts';
import type { Bus } from '@lt/platform';
import { AccessTokens } from './access-tokens';

/** The gateway's verifier against a key set of the test's own, served as accounts-svc would over the bus. */
describe('AccessTokens', () => {
  let privateKey: KeyLike;
  let tokens: AccessTokens;
  const sub = '2f1c8d0e-1b2a-4c3d-8e9f-0a1b2c3d4e5f';
  const sid = '7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d';

  beforeAll(async () => {
    const pair = await generateKeyPair('EdDSA', { extractable: true });
    privateKey = pair.privateKey;
    const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'EdDSA', use: 'sig' };
    const bus = { request: async () => ({ keys: [jwk] }) } as unknown as Bus;
    tokens = new AccessTokens(bus);
  });

  type Claims = { exp?: boolean; iat?: boolean; iss?: string; aud?: string };
  const sign = (claims: Claims = {}) => {
    let jwt = new SignJWT({ sid, email: 'ana@example.com', role: 'user' }).setProtectedHeader({ alg: 'EdDSA', kid: 'k1' }).setSubject(sub);
    if (claims.iss !== '') jwt = jwt.setIssuer(claims.iss ?? ACCESS_TOKEN_JWT.issuer);
    if (claims.aud !== '') jwt = jwt.setAudience(claims.aud ?? ACCESS_TOKEN_JWT.audience);
    if (claims.iat !== false) jwt = jwt.setIssuedAt();
    if (claims.exp !== false) jwt = jwt.setExpirationTime('1h');
    return jwt.sign(privateKey);
  };

  it('accepts a token with every claim', async () => {
    await expect(tokens.verify(await sign())).resolves.toMatchObject({ userId: sub, sessionId: sid, role: 'user' });
  });

  it.each<[string, Claims]>([
    ['no expiry', { exp: false }],
    ['no issue time', { iat: false }],
    ['no issuer', { iss: '' }],
    ['another issuer', { iss: 'someone-else' }],
    ['no audience', { aud: '' }],
    ['another audience', { aud: 'another-app' }],
  ])('refuses a token with %s', async (_what, claims) => {
    await expect(tokens.verify(await sign(claims))).rejects.toThrow();
  });

  it('refuses a token of a revoked session at once', async () => {
    const token = await sign();
    tokens.revoke({ sessionIds: [sid], userId: sub });
    await expect(tokens.verify(token)).rejects.toMatchObject({ code: 'not_authenticated' });
  });
});
