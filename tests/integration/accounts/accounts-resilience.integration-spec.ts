import { ACCOUNTS_SUBJECTS, TTS_SUBJECTS, type AuthSession } from '@lt/contracts';
import { LiveClient } from '@lt/testing';
import { describeStack } from '../../support/describe-stack';
import type { Stack } from '../../support/stack';
import { authApi, uniqueEmail } from '../auth-api';
import { createRoom, MODES } from '../helpers';

jest.setTimeout(60_000);

const sessionIdOf = (accessToken: string): string =>
  (JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString()) as { sid: string }).sid;

/** POST /api/rooms with a bearer token: the gateway alone decides whether the token is good. */
const createRoomAs = (baseUrl: string, accessToken: string) =>
  fetch(`${baseUrl}/api/rooms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: '{}',
  });

/** A password sign-in from the client address `address`, as a trusted proxy in front of the gateway tells it. */
const signInFrom = async (baseUrl: string, address: string, email: string, password: string) => {
  const res = await fetch(`${baseUrl}/api/auth/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ email, password }),
  });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as Record<string, unknown> };
};

const distributed = MODES.includes('distributed') ? describe : describe.skip;

distributed('accounts across restarts (distributed mode)', () => {
  const suite = describeStack({ mode: 'distributed', llm: false, publicUrl: 'https://rooms.example', trustProxy: 'loopback' });
  let stack: Stack;
  let api: ReturnType<typeof authApi>;

  beforeAll(() => {
    ({ stack } = suite);
    api = authApi(stack.baseUrl);
  });

  it('refuses a signed-out access token on a gateway started after the sign-out, over HTTP and on its socket', async () => {
    const out = (await api.signup(uniqueEmail('out'))).body.session as AuthSession;
    const live = (await api.signup(uniqueEmail('live'))).body.session as AuthSession;
    expect((await api.logout(out.access_token)).status).toBe(204);

    const fresh = await stack.addGateway();
    expect((await createRoomAs(fresh.baseUrl, out.access_token)).status).toBe(401);
    expect((await authApi(fresh.baseUrl).profile(out.access_token)).status).toBe(401);
    expect((await createRoomAs(fresh.baseUrl, live.access_token)).status).toBe(201);

    // On the socket the revoked token is not taken: the socket joins as nobody, so a notice that ends that
    // session leaves it open, while the socket of a live session closes.
    const room = await createRoom(fresh.baseUrl);
    const anonymous = await LiveClient.connect(fresh.baseUrl);
    const signedIn = await LiveClient.connect(fresh.baseUrl);
    try {
      anonymous.send({ type: 'join', roomId: room.room.id, role: 'viewer', lang: 'fr', accessToken: out.access_token });
      signedIn.send({ type: 'join', roomId: room.room.id, role: 'viewer', lang: 'fr', accessToken: live.access_token });
      await anonymous.waitFor((c) => c.of('joined').length === 1);
      await signedIn.waitFor((c) => c.of('joined').length === 1);
      stack.bus.emit(ACCOUNTS_SUBJECTS.sessionRevoked, {
        userId: '',
        sessionIds: [sessionIdOf(out.access_token), sessionIdOf(live.access_token)],
      });
      await signedIn.waitFor((c) => c.closeCode !== null, 2000, 'signed-in socket closed');
      expect(signedIn.closeCode).toBe(4001);
      // The revocation was handled (the signed-in socket closed); the anonymous one still answers.
      const pongs = anonymous.of('pong').length;
      anonymous.send({ type: 'ping' });
      await anonymous.waitFor((c) => c.of('pong').length > pongs, 5000, 'pong on the anonymous socket');
      expect(anonymous.open).toBe(true);
    } finally {
      anonymous.close();
      signedIn.close();
    }
  });

  it('keeps sign-in, refresh and the signing keys working across a restart of accounts-svc', async () => {
    const email = uniqueEmail('restart');
    const before = (await api.signup(email)).body.session as AuthSession;
    await stack.stopService('accounts-svc');
    expect((await api.signIn(email)).status).toBe(503);
    await stack.startService('accounts-svc');

    const signedIn = await api.signIn(email);
    expect(signedIn.status).toBe(200);
    expect((await api.refresh(before.refresh_token)).status).toBe(200);
    expect((await api.profile(signedIn.body.access_token)).status).toBe(200);
    // A gateway that loads the keys from the restarted service takes tokens signed before and after.
    const fresh = await stack.addGateway();
    expect((await createRoomAs(fresh.baseUrl, before.access_token)).status).toBe(201);
    expect((await createRoomAs(fresh.baseUrl, signedIn.body.access_token)).status).toBe(201);
  });

  it('answers the text-to-speech status again once tts-svc is restarted', async () => {
    await expect(stack.bus.request(TTS_SUBJECTS.status, {})).resolves.toHaveProperty('providerConfigured');
    await stack.stopService('tts-svc');
    await expect(stack.bus.request(TTS_SUBJECTS.status, {})).rejects.toMatchObject({ code: 'unavailable' });
    await stack.startService('tts-svc');
    await expect(stack.bus.request(TTS_SUBJECTS.status, {})).resolves.toHaveProperty('providerConfigured');
  });

  it('slows failed sign-ins per account and address, doubling past five, and never the owner at another address', async () => {
    const email = uniqueEmail('target');
    await api.signup(email, 'right-password');
    const attacker = '198.51.100.7';
    const sql = await suite.sql();
    const elapse = () =>
      sql.query(`UPDATE accounts.sign_in_throttle SET blocked_until = now() WHERE email = $1 AND address = $2`, [email, attacker]);

    for (let i = 0; i < 5; i++) expect((await signInFrom(stack.baseUrl, attacker, email, 'guess')).status).toBe(400);
    const refused = await signInFrom(stack.baseUrl, attacker, email, 'right-password');
    expect(refused).toMatchObject({ status: 429, retryAfter: '1', body: { error: { code: 'over_request_rate_limit' } } });
    // The owner, elsewhere, is not slowed down at all.
    expect((await signInFrom(stack.baseUrl, '203.0.113.20', email, 'right-password')).status).toBe(200);

    for (const wait of ['2', '4', '8']) {
      await elapse();
      expect((await signInFrom(stack.baseUrl, attacker, email, 'guess')).status).toBe(400);
      expect(await signInFrom(stack.baseUrl, attacker, email, 'guess')).toMatchObject({ status: 429, retryAfter: wait });
    }
    // However long the wait of one address has grown, it stops at 15 minutes.
    await sql.query(`UPDATE accounts.sign_in_throttle SET failures = 100, blocked_until = now() WHERE email = $1 AND address = $2`, [
      email,
      attacker,
    ]);
    expect((await signInFrom(stack.baseUrl, attacker, email, 'guess')).status).toBe(400);
    expect(await signInFrom(stack.baseUrl, attacker, email, 'guess')).toMatchObject({ status: 429, retryAfter: '900' });
    expect((await signInFrom(stack.baseUrl, '203.0.113.20', email, 'right-password')).status).toBe(200);

    // A success clears the pair: the next failure is a plain one again.
    await elapse();
    expect((await signInFrom(stack.baseUrl, attacker, email, 'right-password')).status).toBe(200);
    expect((await signInFrom(stack.baseUrl, attacker, email, 'guess')).status).toBe(400);
    expect((await signInFrom(stack.baseUrl, attacker, email, 'guess')).status).toBe(400);
  });

  it('counts the failures of IPv6 addresses by their /64 network, so hopping within it gains nothing', async () => {
    const email = uniqueEmail('v6');
    await api.signup(email, 'right-password');
    for (let i = 0; i < 5; i++) expect((await signInFrom(stack.baseUrl, `2001:db8:0:1::${i + 1}`, email, 'guess')).status).toBe(400);
    expect(await signInFrom(stack.baseUrl, '2001:db8:0:1:ffff::9', email, 'guess')).toMatchObject({ status: 429, retryAfter: '1' });
    expect((await signInFrom(stack.baseUrl, '2001:db8:0:2::1', email, 'right-password')).status).toBe(200);
  });
});

describe('client addresses of sockets behind a proxy (TRUST_PROXY)', () => {
  const suite = describeStack({ mode: 'embedded', llm: false, wsMaxPerAddress: 1, trustProxy: 'loopback' });

  const twoSocketsFrom = async (stack: Stack) => {
    const first = await LiveClient.connect(stack.baseUrl, { 'x-forwarded-for': '198.51.100.1' });
    try {
      const second = await LiveClient.connect(stack.baseUrl, { 'x-forwarded-for': '198.51.100.2' });
      second.close();
      return 'both open';
    } catch (error) {
      return (error as Error).message;
    } finally {
      first.close();
    }
  };

  it('counts sockets by their X-Forwarded-For address for WS_MAX_PER_ADDRESS only with TRUST_PROXY=loopback', async () => {
    expect(await twoSocketsFrom(suite.stack)).toBe('both open');
    expect(await twoSocketsFrom(await suite.another({ trustProxy: undefined }))).toMatch('429');
  });
});
