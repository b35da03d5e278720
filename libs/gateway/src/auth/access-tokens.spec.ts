import { exportJWK, generateKeyPair, SignJWT, type JWK, type KeyLike } from 'jose';
import { ACCESS_TOKEN_JWT, ACCOUNTS_SUBJECTS, BusErrorCode, type RevokedSessions } from '@lt/contracts';
import { BusRemoteError, type Bus } from '@lt/platform';
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
    jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'EdDSA', use: 'sig' };
    tokens = new AccessTokens(accountsBus(() => ({ sessions: [] })));
  });

  let jwk: JWK;
  /** accounts-svc on the bus: the key set, and the revoked sessions `revoked` answers (or throws). */
  const accountsBus = (revoked: () => RevokedSessions) =>
    ({
      request: async (route: { subject: string }) => (route.subject === ACCOUNTS_SUBJECTS.jwks.subject ? { keys: [jwk] } : revoked()),
    }) as unknown as Bus;

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

  it('refuses a token of a session revoked before the gateway started, from the list accounts-svc keeps', async () => {
    const fresh = new AccessTokens(accountsBus(() => ({ sessions: [{ id: sid, revokedAt: new Date().toISOString() }] })));
    await expect(fresh.verify(await sign())).rejects.toMatchObject({ code: 'not_authenticated' });
  });

  it('accepts no token before the revoked sessions could be loaded, then accepts once they are', async () => {
    let up = false;
    const fresh = new AccessTokens(
      accountsBus(() => {
        if (!up) throw new BusRemoteError(BusErrorCode.Unavailable, 'No service answers');
        return { sessions: [] };
      }),
    );
    const token = await sign();
    await expect(fresh.verify(token)).rejects.toMatchObject({ code: 'unavailable' });
    up = true;
    await expect(fresh.verify(token)).resolves.toMatchObject({ sessionId: sid });
  });

  it('tells its listeners of sessions it learns were revoked while it was not listening', async () => {
    let revoked: RevokedSessions = { sessions: [] };
    const fresh = new AccessTokens(accountsBus(() => revoked));
    await fresh.syncRevoked();
    const heard: string[][] = [];
    fresh.onRevoked((event) => heard.push(event.sessionIds));
    revoked = { sessions: [{ id: sid, revokedAt: new Date().toISOString() }] };
    await fresh.syncRevoked();
    await fresh.syncRevoked();
    expect(heard).toEqual([[sid]]);
    await expect(fresh.verify(await sign())).rejects.toMatchObject({ code: 'not_authenticated' });
  });

  it('refuses a token of a revoked session at once', async () => {
    const token = await sign();
    tokens.revoke({ sessionIds: [sid], userId: sub });
    await expect(tokens.verify(token)).rejects.toMatchObject({ code: 'not_authenticated' });
  });
});
