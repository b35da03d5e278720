import type { Client } from 'pg';
import type { AuthSession, CreateRoomResponse } from '@lt/contracts';
import { LiveClient, SmtpCatcher } from '@lt/testing';
import { describeStack } from '../../support/describe-stack';
import type { Stack } from '../../support/stack';
import { authApi, uniqueEmail } from '../auth-api';
import { MODES } from '../helpers';
import { json, rawCall as call, type RawAnswer } from '../raw-http';

jest.setTimeout(30_000);

/** A fresh client address per use, so one test's room count never limits another's. */
let nextAddress = 10;
const newAddress = () => `127.0.0.${nextAddress++}`;

describe.each(MODES)('gateway security (%s mode)', (mode) => {
  let smtp: SmtpCatcher;
  let smtpUrl: string;
  /** No PUBLIC_URL, ALLOWED_ORIGINS https://allowed.example, at most 4 rooms per address and per user. */
  let stack: Stack;
  /** PUBLIC_URL https://rooms.example and Keycloak configured. */
  let publicStack: Stack;
  let sql: Client;

  // Declared before the stack's hooks: the mail server answers before the stack starts.
  beforeAll(async () => {
    smtp = new SmtpCatcher();
    smtpUrl = await smtp.start();
  });
  afterAll(() => smtp?.stop());

  const suite = describeStack(() => ({
    mode,
    llm: false,
    accounts: { SMTP_URL: smtpUrl },
    roomCreateRate: { burst: 4, perMinute: 4 },
  }));

  beforeAll(async () => {
    ({ stack } = suite);
    publicStack = await suite.another({
      roomCreateRate: undefined,
      publicUrl: 'https://rooms.example',
      accounts: { SMTP_URL: smtpUrl, KEYCLOAK_URL: 'https://sso.example/auth', KEYCLOAK_REALM: 'lt', KEYCLOAK_CLIENT_ID: 'lt-web' },
    });
    sql = await suite.sql();
  });

  const roomsNamed = async (name: string) =>
    Number((await sql.query<{ n: string }>('SELECT count(*) AS n FROM rooms.rooms WHERE name = $1', [name])).rows[0].n);

  const signedUp = async (on: Stack) => {
    const email = uniqueEmail('sec');
    const res = await authApi(on.baseUrl).signup(email);
    expect(res.status).toBe(200);
    return { email, token: (res.body.session as AuthSession).access_token };
  };

  const recover = (on: Stack, email: string, host?: string) =>
    call(on.baseUrl, 'POST', '/api/auth/recover', { ...json({ email }, host ? { host } : {}), from: newAddress() });

  const port = () => new URL(stack.baseUrl).port;

  describe('links follow PUBLIC_URL or a trusted Host, never a forged one', () => {
    it('refuses recovery for a foreign Host without PUBLIC_URL, and mails nothing', async () => {
      const { email } = await signedUp(stack);
      const res = await recover(stack, email, 'attacker.example');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: { code: 'untrusted_host', message: expect.stringContaining('PUBLIC_URL') } });
      // A recovery mail carries a link stored before the answer: no link, so no mail is on its way.
      const links = await sql.query(
        `SELECT count(*)::int AS n FROM accounts.verification_tokens t JOIN accounts.users u ON u.id = t.user_id
         WHERE u.email = $1 AND t.purpose = 'recovery'`,
        [email],
      );
      expect(links.rows[0].n).toBe(0);
      expect(smtp.mails.filter((m) => m.to.includes(email))).toEqual([]);
    });

    it.each([
      ['an allowlisted origin', 'allowed.example', 'https://allowed.example'],
      ['localhost', 'localhost:PORT', 'http://localhost:PORT'],
    ])('mails a recovery link on %s when the request came to it', async (_, hostPattern, originPattern) => {
      const { email } = await signedUp(stack);
      const res = await recover(stack, email, hostPattern.replace('PORT', port()));
      expect(res.status).toBe(200);
      const mail = await smtp.waitForMail((m) => m.to.includes(email));
      const link = /https?:\/\/\S+\/api\/auth\/verify\?token=[\w-]+&type=recovery/.exec(mail.text)?.[0] as string;
      expect(new URL(link).origin).toBe(originPattern.replace('PORT', port()));
    });

    it('mails a PUBLIC_URL link whatever the Host says', async () => {
      const { email } = await signedUp(publicStack);
      const res = await recover(publicStack, email, 'attacker.example');
      expect(res.status).toBe(200);
      const mail = await smtp.waitForMail((m) => m.to.includes(email));
      expect(mail.text).toMatch(/https:\/\/rooms\.example\/api\/auth\/verify\?token=/);
      expect(mail.text).not.toContain('attacker.example');
    });

    it('refuses the email link itself on a foreign Host rather than redirecting there', async () => {
      const res = await call(stack.baseUrl, 'GET', `/api/auth/verify?token=${'t'.repeat(30)}&type=recovery`, {
        headers: { host: 'attacker.example' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: { code: 'untrusted_host' } });
      expect(res.headers.location).toBeUndefined();
    });

    it('builds viewer links the same way, and creates no room for a foreign Host', async () => {
      const name = `host-${Date.now()}`;
      const create = (on: Stack, host: string) =>
        call(on.baseUrl, 'POST', '/api/rooms', { ...json({ name }, { host }), from: newAddress() });
      const forged = await create(stack, 'attacker.example');
      expect(forged.status).toBe(400);
      expect(forged.body).toMatchObject({ error: { code: 'untrusted_host' } });
      expect(await roomsNamed(name)).toBe(0);

      const allowed = (await create(stack, 'allowed.example')).body as CreateRoomResponse;
      expect(allowed.room.viewer_link).toBe(`https://allowed.example/view/${allowed.room.id}`);
      const local = (await create(stack, `127.0.0.1:${port()}`)).body as CreateRoomResponse;
      expect(local.room.viewer_link).toBe(`http://127.0.0.1:${port()}/view/${local.room.id}`);
      const configured = (await create(publicStack, 'attacker.example')).body as CreateRoomResponse;
      expect(configured.room.viewer_link).toBe(`https://rooms.example/view/${configured.room.id}`);
    });
  });

  describe('state-changing calls: JSON bodies only, no foreign pages', () => {
    it.each([
      ['text/plain', '{"name":"csrf"}'],
      ['application/x-www-form-urlencoded', 'name=csrf'],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\ncsrf\r\n--x--\r\n'],
    ])('answers 415 to a %s room creation and creates nothing', async (contentType, body) => {
      const name = `csrf-${contentType.slice(0, 10)}-${Date.now()}`;
      const res = await call(stack.baseUrl, 'POST', '/api/rooms', {
        headers: { 'content-type': contentType },
        body: body.replace('csrf', name),
        from: newAddress(),
      });
      expect(res.status).toBe(415);
      expect(res.body).toMatchObject({ error: { code: 'unsupported_media_type', message: expect.stringContaining('application/json') } });
      expect(await roomsNamed(name)).toBe(0);
    });

    it('answers 415 to a JSON-looking body with no Content-Type, and to a text/plain PUT', async () => {
      const bare = await call(stack.baseUrl, 'POST', '/api/rooms', { body: '{}', from: newAddress() });
      expect(bare.status).toBe(415);
      const put = await call(stack.baseUrl, 'PUT', '/api/auth/user', { headers: { 'content-type': 'text/plain' }, body: '{}' });
      expect(put.status).toBe(415);
    });

    it('lets calls with no body through to their own checks', async () => {
      expect((await call(stack.baseUrl, 'DELETE', '/api/auth/user')).status).toBe(401);
      expect((await call(stack.baseUrl, 'POST', '/api/auth/logout', { headers: { 'content-length': '0' } })).status).toBe(401);
      const empty = await call(stack.baseUrl, 'POST', '/api/rooms', { from: newAddress() });
      expect(empty.status).toBe(201);
    });

    it('answers 403 to a foreign Origin and creates nothing; allowed and same origins pass', async () => {
      const name = `origin-${Date.now()}`;
      const from = (origin: string) => call(stack.baseUrl, 'POST', '/api/rooms', { ...json({ name }, { origin }), from: newAddress() });
      for (const origin of ['https://evil.example', 'null', 'https://allowed.example.evil.example']) {
        const res = await from(origin);
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({ error: { code: 'forbidden_origin' } });
      }
      expect(await roomsNamed(name)).toBe(0);
      expect((await from('https://allowed.example')).status).toBe(201);
      expect((await from(stack.baseUrl)).status).toBe(201);
      expect((await from('http://localhost:5173')).status).toBe(201);
      const signIn = await call(
        stack.baseUrl,
        'POST',
        '/api/auth/token?grant_type=password',
        json({ email: 'a@example.com', password: 'x' }, { origin: 'https://evil.example' }),
      );
      expect(signIn.status).toBe(403);
    });

    it('trusts the origin of PUBLIC_URL as the page behind a proxy, for calls and for sockets', async () => {
      const res = await call(publicStack.baseUrl, 'POST', '/api/rooms', {
        ...json({ name: 'Behind a proxy' }, { origin: 'https://rooms.example' }),
        from: newAddress(),
      });
      expect(res.status).toBe(201);
      const socket = await LiveClient.connect(publicStack.baseUrl, { origin: 'https://rooms.example' });
      socket.close();
      await expect(LiveClient.connect(publicStack.baseUrl, { origin: 'https://other.example' })).rejects.toThrow('403');
    });
  });

  describe('room creation rate', () => {
    const create = (from: string, token?: string) =>
      call(stack.baseUrl, 'POST', '/api/rooms', { ...json({}, token ? { authorization: `Bearer ${token}` } : {}), from });

    it('lets one address create its burst, then answers 429 with Retry-After; other addresses go on', async () => {
      const address = newAddress();
      for (let i = 0; i < 4; i++) expect((await create(address)).status).toBe(201);
      const refused = await create(address);
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ error: { code: 'over_request_rate_limit' } });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect((await create(newAddress())).status).toBe(201);
    });

    it('counts a signed-in user across addresses, apart from other users', async () => {
      const ana = await signedUp(stack);
      const bea = await signedUp(stack);
      const [first, second, third] = [newAddress(), newAddress(), newAddress()];
      for (const address of [first, first, second, second]) expect((await create(address, ana.token)).status).toBe(201);
      const refused = await create(third, ana.token);
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ error: { code: 'over_request_rate_limit' } });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect((await create(third, bea.token)).status).toBe(201);
    });
  });

  describe('security headers', () => {
    const csp = (res: RawAnswer) => String(res.headers['content-security-policy']);
    const directive = (res: RawAnswer, name: string) =>
      csp(res)
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `));

    it.each(['/', '/config.json', '/api/view/8a6f2a0e-7a43-4d2c-9f57-1c1f1b0f9b11', '/room/8a6f2a0e-7a43-4d2c-9f57-1c1f1b0f9b11'])(
      'sends the CSP, no framing, nosniff and a strict referrer on %s',
      async (path) => {
        const res = await call(stack.baseUrl, 'GET', path);
        expect(directive(res, 'script-src')).toBe("script-src 'self'");
        expect(directive(res, 'frame-ancestors')).toBe("frame-ancestors 'none'");
        expect(directive(res, 'default-src')).toBe("default-src 'self'");
        expect(res.headers['x-frame-options']).toBe('DENY');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        expect(res.headers['x-powered-by']).toBeUndefined();
      },
    );

    it('sends them on refusals too', async () => {
      const res = await call(stack.baseUrl, 'POST', '/api/rooms', {
        headers: { 'content-type': 'text/plain' },
        body: 'x',
        from: newAddress(),
      });
      expect(res.status).toBe(415);
      expect(directive(res, 'frame-ancestors')).toBe("frame-ancestors 'none'");
      expect(res.headers['x-powered-by']).toBeUndefined();
    });

    it.each(['/view/8a6f2a0e-7a43-4d2c-9f57-1c1f1b0f9b11', '/view/8a6f2a0e-7a43-4d2c-9f57-1c1f1b0f9b11/captions'])(
      'lets the viewer room and its caption overlay be framed, with the rest of the policy: %s',
      async (path) => {
        const res = await call(stack.baseUrl, 'GET', path);
        expect(directive(res, 'frame-ancestors')).toBeUndefined();
        expect(res.headers['x-frame-options']).toBeUndefined();
        expect(directive(res, 'script-src')).toBe("script-src 'self'");
        expect(res.headers['x-content-type-options']).toBe('nosniff');
      },
    );

    it('forbids framing any other page under /view', async () => {
      const res = await call(stack.baseUrl, 'GET', '/view/8a6f2a0e-7a43-4d2c-9f57-1c1f1b0f9b11/other');
      expect(directive(res, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    });

    it('lets the page reach and frame the configured Keycloak, nothing else', async () => {
      const res = await call(publicStack.baseUrl, 'GET', '/');
      expect(directive(res, 'connect-src')).toBe("connect-src 'self' https://sso.example");
      expect(directive(res, 'frame-src')).toBe('frame-src https://sso.example');
      expect(directive(await call(stack.baseUrl, 'GET', '/'), 'frame-src')).toBe("frame-src 'none'");
    });
  });
});
