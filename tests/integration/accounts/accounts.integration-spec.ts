import type { Client } from 'pg';
import { generateKeyPair, importJWK, SignJWT, type KeyLike } from 'jose';
import { ACCOUNTS_SUBJECTS, type AuthSession, type TokenUsageEvent } from '@lt/contracts';
import { eventually, LiveClient, SmtpCatcher } from '@lt/testing';
import { describeStack } from '../../support/describe-stack';
import type { Stack } from '../../support/stack';
import { authApi, uniqueEmail } from '../auth-api';
import { fakeRealm } from '../fake-realm';
import { createRoom, MODES } from '../helpers';

jest.setTimeout(30_000);

describe.each(MODES)('accounts (%s mode)', (mode) => {
  let stack: Stack;
  let smtp: SmtpCatcher;
  let smtpUrl: string;
  let realm: Awaited<ReturnType<typeof fakeRealm>>;
  let sql: Client;
  let api: ReturnType<typeof authApi>;

  // Declared before the stack's hooks: the mail server and the identity provider answer before the stack starts.
  beforeAll(async () => {
    smtp = new SmtpCatcher();
    smtpUrl = await smtp.start();
    realm = await fakeRealm();
  });
  afterAll(async () => {
    await smtp?.stop();
    await realm?.close();
  });

  const suite = describeStack(() => ({
    mode,
    llm: false,
    publicUrl: 'https://rooms.example',
    accounts: { SMTP_URL: smtpUrl, KEYCLOAK_URL: realm.url, KEYCLOAK_REALM: 'lt', KEYCLOAK_CLIENT_ID: 'lt-web' },
  }));

  beforeAll(async () => {
    ({ stack } = suite);
    sql = await suite.sql();
    api = authApi(stack.baseUrl);
  });

  it('signs up with a session and a free profile, hashing the password with argon2id', async () => {
    const email = uniqueEmail('ana');
    const res = await api.signup(email.toUpperCase(), 'secret-pw');
    expect(res.status).toBe(200);
    const session = res.body.session as AuthSession;
    expect(res.body.user).toMatchObject({ email, user_metadata: { name: email.split('@')[0] } });
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(session.expires_at - Date.now() / 1000).toBeGreaterThan(3500);
    const header = JSON.parse(Buffer.from(session.access_token.split('.')[0], 'base64url').toString());
    expect(header.alg).toBe('EdDSA');
    const profile = await api.profile(session.access_token);
    expect(profile.body).toMatchObject({
      email,
      plan_type: 'free',
      token_quota: 10000,
      tokens_used: 0,
      tokens_remaining: 10000,
      role: 'user',
    });

    const [{ password_hash: hash }] = (await sql.query('SELECT password_hash FROM accounts.users WHERE email = $1', [email])).rows;
    const [, m, t] = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=\d+\$/.exec(hash) ?? [];
    expect(Number(m)).toBeGreaterThanOrEqual(19 * 1024);
    expect(Number(t)).toBeGreaterThanOrEqual(2);
    expect(hash).not.toContain('secret-pw');
  });

  it("answers the auth server's messages for bad sign-ups and sign-ins, alike for unknown e-mails and wrong passwords", async () => {
    const email = uniqueEmail('bob');
    await api.signup(email);
    expect((await api.signup(email)).body).toEqual({ error: { code: 'user_already_exists', message: 'User already registered' } });
    const missing = await api.call('POST', '/api/auth/signup', { email: '', password: '' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: { message: 'You must provide either an email or phone number and a password' } });
    expect((await api.signup(uniqueEmail('short'), '12345')).status).toBe(400);
    const wrong = await api.signIn(email, 'not-the-password');
    const unknown = await api.signIn(uniqueEmail('nobody'), 'not-the-password');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ error: { code: 'invalid_credentials', message: 'Invalid login credentials' } });
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
    expect((await api.signIn(email)).status).toBe(200);
    expect((await api.profile('not-a-token')).status).toBe(401);
  });

  it('rotates refresh tokens, allows a retry within 10 s, and revokes the family on a later reuse', async () => {
    const email = uniqueEmail('rot');
    const first = (await api.signup(email)).body.session as AuthSession;
    const second = await api.refresh(first.refresh_token);
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    const retry = await api.refresh(first.refresh_token);
    expect(retry.status).toBe(200);

    await sql.query(`UPDATE accounts.refresh_tokens SET used_at = now() - interval '11 seconds' WHERE used_at IS NOT NULL`);
    const reuse = await api.refresh(first.refresh_token);
    expect(reuse.status).toBe(400);
    expect((await api.refresh(second.body.refresh_token)).status).toBe(400);
    expect((await api.refresh(retry.body.refresh_token)).status).toBe(400);
    await eventually(async () => (await api.profile(second.body.access_token)).status === 401, 'the reused session revoked');
  });

  it('refuses an access token past its expiry, or signed by another key', async () => {
    const session = (await api.signup(uniqueEmail('exp'))).body.session as AuthSession;
    const [key] = (await sql.query('SELECT kid, private_jwk FROM accounts.signing_keys ORDER BY created_at DESC LIMIT 1')).rows;
    const privateKey = await importJWK(key.private_jwk, 'EdDSA');
    const claims = JSON.parse(Buffer.from(session.access_token.split('.')[1], 'base64url').toString());
    const token = (exp: number, signer: KeyLike | Uint8Array = privateKey) =>
      new SignJWT({ sid: claims.sid, email: claims.email, role: claims.role })
        .setProtectedHeader({ alg: 'EdDSA', kid: key.kid })
        .setSubject(claims.sub)
        .setIssuer(claims.iss)
        .setAudience(claims.aud)
        .setIssuedAt(exp - 3600)
        .setExpirationTime(exp)
        .sign(signer);
    const now = Math.floor(Date.now() / 1000);
    expect((await api.profile(await token(now + 600))).status).toBe(200);
    expect((await api.profile(await token(now - 5))).status).toBe(401);
    const { privateKey: stranger } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    expect((await api.profile(await token(now + 600, stranger))).status).toBe(401);
  });

  it('ends a session at its absolute expiry', async () => {
    const session = (await api.signup(uniqueEmail('old'))).body.session as AuthSession;
    await sql.query(`UPDATE accounts.sessions SET expires_at = now() - interval '1 second'
      WHERE id = (SELECT session_id FROM accounts.refresh_tokens WHERE used_at IS NULL ORDER BY created_at DESC LIMIT 1)`);
    expect((await api.refresh(session.refresh_token)).status).toBe(400);
  });

  it("logs out: the token stops working and the user's sockets close within a second", async () => {
    const session = (await api.signup(uniqueEmail('out'))).body.session as AuthSession;
    const room = await createRoom(stack.baseUrl);
    const socket = await LiveClient.connect(stack.baseUrl);
    socket.send({ type: 'join', roomId: room.room.id, role: 'viewer', lang: 'fr', accessToken: session.access_token });
    await socket.waitFor((c) => c.of('joined').length === 1);
    expect((await api.logout(session.access_token)).status).toBe(204);
    // How soon it closes is measured by the control-path bench (tests/bench/control.bench.ts).
    await socket.waitFor((c) => c.closeCode !== null, 5000, 'socket closed');
    expect(socket.closeCode).toBe(4001);
    expect((await api.profile(session.access_token)).status).toBe(401);
    expect((await api.refresh(session.refresh_token)).status).toBe(400);
  });

  const recoveryLinks = async (email: string) => {
    const { rows } = await sql.query(
      `SELECT count(*)::int AS n FROM accounts.verification_tokens t JOIN accounts.users u ON u.id = t.user_id
       WHERE u.email = $1 AND t.purpose = 'recovery'`,
      [email],
    );
    return rows[0].n as number;
  };

  it('recovers a password through a single-use link, once a minute per address, without telling who exists', async () => {
    const email = uniqueEmail('lost');
    const other = (await api.signup(email, 'old-password')).body.session as AuthSession;
    smtp.clear();
    const known = await api.recover(email);
    const unknown = await api.recover(uniqueEmail('ghost'));
    expect([known.status, known.body]).toEqual([200, {}]);
    expect([unknown.status, unknown.body]).toEqual([known.status, known.body]);
    const mail = await smtp.waitForMail((m) => m.to.includes(email));
    expect(await api.recover(email)).toMatchObject({ status: 200 });
    // A recovery mail carries a link stored before the answer: one link, so no second mail is on its way.
    expect(await recoveryLinks(email)).toBe(1);
    expect(smtp.mails.filter((m) => m.to.includes(email))).toHaveLength(1);
    expect(smtp.mails).toHaveLength(1);

    const link = /https:\/\/rooms\.example\/api\/auth\/verify\?token=[\w-]+&type=recovery/.exec(mail.text)?.[0] as string;
    expect(link).toBeDefined();
    const landing = await api.call('GET', link.replace('https://rooms.example', ''));
    expect(landing.status).toBe(303);
    const location = new URL(landing.headers.get('location') as string);
    expect(location.origin + location.pathname).toBe('https://rooms.example/reset-password');
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('type')).toBe('recovery');
    expect(fragment.get('expires_in')).toBe('3600');
    const again = await api.call('GET', link.replace('https://rooms.example', ''));
    expect(new URLSearchParams(new URL(again.headers.get('location') as string).hash.slice(1)).get('error')).toBe('access_denied');

    const recovery = fragment.get('access_token') as string;
    expect((await api.call('PUT', '/api/auth/user', { password: 'new-password' }, recovery)).status).toBe(200);
    expect((await api.refresh(other.refresh_token)).status).toBe(400);
    expect((await api.signIn(email, 'old-password')).status).toBe(400);
    expect((await api.signIn(email, 'new-password')).status).toBe(200);
  });

  it('refuses an expired recovery link', async () => {
    const email = uniqueEmail('late');
    await api.signup(email);
    smtp.clear();
    await api.recover(email);
    const mail = await smtp.waitForMail((m) => m.to.includes(email));
    await sql.query(`UPDATE accounts.verification_tokens SET expires_at = now() - interval '1 second'`);
    const path = /\/api\/auth\/verify\?token=[\w-]+&type=recovery/.exec(mail.text)?.[0] as string;
    const res = await api.call('GET', path);
    expect(new URLSearchParams(new URL(res.headers.get('location') as string).hash.slice(1)).get('error_code')).toBe('otp_expired');
  });

  it('makes an address wait after 5 failed sign-ins to an account, with Retry-After, X-Forwarded-For not believed', async () => {
    const email = uniqueEmail('brute');
    await api.signup(email);
    for (let i = 0; i < 5; i++) expect((await api.signIn(email, 'wrong-pw')).status).toBe(400);
    const res = await api.signIn(email);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('1');
    expect((res.body as unknown as { error: { code: string; message: string } }).error).toEqual({
      code: 'over_request_rate_limit',
      message: expect.stringMatching(/Too many sign-in attempts/),
    });
    // No proxy is trusted: a claimed client address is not another address.
    const forged = await fetch(`${stack.baseUrl}/api/auth/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7' },
      body: JSON.stringify({ email, password: 'secret-pw' }),
    });
    expect(forged.status).toBe(429);
    await sql.query(`UPDATE accounts.sign_in_throttle SET blocked_until = now() WHERE email = $1`, [email]);
    expect((await api.signIn(email)).status).toBe(200);
  });

  it('gives ADMIN_EMAILS the admin role, recreates a missing profile, and applies a usage event once', async () => {
    const admin = (await api.signup(uniqueEmail('x').replace(/^[^@]+/, 'admin'))).body;
    if (admin.session) expect((await api.profile(admin.session.access_token)).body).toMatchObject({ role: 'admin' });
    const session = (await api.signup(uniqueEmail('usage'))).body.session as AuthSession;
    await sql.query('DELETE FROM accounts.profiles WHERE id = $1', [session.user.id]);
    expect((await api.profile(session.access_token)).body).toMatchObject({ id: session.user.id, tokens_used: 0 });

    const event: TokenUsageEvent = {
      eventId: `ev-${session.user.id}`,
      userId: session.user.id,
      roomId: null,
      tokens: 12_000,
      eventType: 'translation',
    };
    const other = (await api.signup(uniqueEmail('usage-after'))).body.session as AuthSession;
    stack.bus.emit(ACCOUNTS_SUBJECTS.trackUsage, event);
    stack.bus.emit(ACCOUNTS_SUBJECTS.trackUsage, event);
    // Another user's event, sent after on the same subject, marks the end: the second copy is handled before it.
    stack.bus.emit(ACCOUNTS_SUBJECTS.trackUsage, { ...event, eventId: `ev-${other.user.id}`, userId: other.user.id, tokens: 1 });
    await eventually(async () => Number((await api.profile(other.access_token)).body.tokens_used) > 0, 'the later usage applied');
    expect((await api.profile(session.access_token)).body).toMatchObject({ tokens_used: 12_000, tokens_remaining: 0 });
  });

  it('signs in with a Keycloak ID token, linking a verified e-mail to its account', async () => {
    const email = uniqueEmail('social');
    const existing = (await api.signup(email)).body.user;
    const grant = (token: string) =>
      api.call<AuthSession>('POST', '/api/auth/token?grant_type=id_token', { provider: 'google', id_token: token });
    const good = await grant(await realm.sign({ sub: 'kc-1-' + email, email, email_verified: true, name: 'Ana Social' }));
    expect(good.status).toBe(200);
    expect(good.body.user.id).toBe(existing.id);
    const fresh = uniqueEmail('fresh');
    const created = await grant(await realm.sign({ sub: 'kc-2-' + fresh, email: fresh, email_verified: true, name: 'New Person' }));
    expect(created.body.user).toMatchObject({ email: fresh, user_metadata: { name: 'New Person' } });
    expect((await grant(await realm.sign({ sub: 'kc-3', email: fresh, email_verified: true }, { audience: 'someone-else' }))).status).toBe(
      400,
    );
    expect((await grant(await realm.sign({ sub: 'kc-3', email: fresh, email_verified: true }, { expiresIn: '-1m' }))).status).toBe(400);
    expect((await grant(await realm.sign({ sub: 'kc-3', email: uniqueEmail('unverified'), email_verified: false }))).status).toBe(400);
    const { privateKey: stranger } = await generateKeyPair('RS256');
    expect((await grant(await realm.sign({ sub: 'kc-3', email: fresh, email_verified: true }, { key: stranger }))).status).toBe(400);
  });

  it('makes a signed-in caller the owner of the rooms it creates', async () => {
    const session = (await api.signup(uniqueEmail('owner'))).body.session as AuthSession;
    const owned = await api.call<{ room: { owner_id: string | null } }>('POST', '/api/rooms', { name: 'Mine' }, session.access_token);
    expect(owned.status).toBe(201);
    expect(owned.body.room.owner_id).toBe(session.user.id);
    expect((await api.call('POST', '/api/rooms', {}, 'forged.token.here')).status).toBe(401);
    expect((await createRoom(stack.baseUrl)).room.owner_id).toBeNull();
  });

  it('updates and deletes the own account', async () => {
    const email = uniqueEmail('me');
    const session = (await api.signup(email)).body.session as AuthSession;
    const renamed = await api.call('PUT', '/api/auth/user', { name: 'María' }, session.access_token);
    expect(renamed.body).toMatchObject({ user_metadata: { name: 'María' } });
    expect((await api.profile(session.access_token)).body).toMatchObject({ name: 'María' });
    expect((await api.call('DELETE', '/api/auth/user', undefined, session.access_token)).status).toBe(204);
    expect((await api.profile(session.access_token)).status).toBe(401);
    expect((await api.signIn(email)).status).toBe(400);
  });
});
