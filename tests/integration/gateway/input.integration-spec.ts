import { LiveClient } from '@lt/testing';
import { describeStack } from '../../support/describe-stack';
import type { Stack } from '../../support/stack';
import { authApi, uniqueEmail } from '../auth-api';
import { createRoom, transcript } from '../helpers';

jest.setTimeout(30_000);

/** Text with control characters is refused at the edge with a 400 (or bad_frame), never reaching PostgreSQL. */
describe('control characters in input (embedded mode)', () => {
  let stack: Stack;
  let api: ReturnType<typeof authApi>;

  const suite = describeStack({ mode: 'embedded', llm: false });

  beforeAll(async () => {
    ({ stack } = suite);
    api = authApi(stack.baseUrl);
  });

  const refusal = (message: string) => ({ error: expect.objectContaining({ code: 'validation_failed', message }) });

  it.each([
    ['NUL', 'Key\u0000note'],
    ['ESC', 'Key\u001bnote'],
    ['a C1 control', 'Keynote\u0085'],
    ['DEL', '\u007f'],
  ])('refuses a room name with %s with 400', async (_what, name) => {
    const res = await api.call('POST', '/api/rooms', { name });
    expect(res).toMatchObject({ status: 400, body: refusal('Room name must not contain control characters') });
  });

  it('still creates rooms with any printable name', async () => {
    const { room } = await createRoom(stack.baseUrl, 'Café\tñandú 東京');
    expect(room.name).toBe('Café\tñandú 東京');
  });

  it('refuses them in sign-up, profile and token fields', async () => {
    const email = uniqueEmail('input');
    expect(await api.signup(email, 'secret-pw', 'Ana\u0000')).toMatchObject({
      status: 400,
      body: refusal('Name must not contain control characters'),
    });
    expect(await api.signup(`\u0000${email}`)).toMatchObject({ status: 400, body: refusal('Email must not contain control characters') });
    expect(await api.refresh(`${'r'.repeat(30)}\u0000`)).toMatchObject({
      status: 400,
      body: refusal('Refresh token must not contain control characters'),
    });

    const { body } = await api.signup(email);
    const token = body.session?.access_token;
    expect(await api.call('PUT', '/api/auth/user', { name: 'Ana\u0007' }, token)).toMatchObject({
      status: 400,
      body: refusal('Name must not contain control characters'),
    });
    expect(await api.call('PUT', '/api/auth/user', { name: 'Ana' }, token)).toMatchObject({ status: 200 });
  });

  it('treats a mail link with a control character as an invalid link', async () => {
    const res = await api.call('GET', `/api/auth/verify?token=${'t'.repeat(30)}%00&type=recovery`);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(/\/reset-password#error=access_denied&error_code=otp_expired/);
  });

  it('answers bad_frame, naming the messageId so the sender drops it, to a transcript with a control character', async () => {
    const { room, hostKey } = await createRoom(stack.baseUrl, 'Keynote');
    const host = await LiveClient.connect(stack.baseUrl);
    try {
      host.send({ type: 'join', roomId: room.id, role: 'host', hostKey });
      await host.waitFor((c) => c.of('joined').length > 0, 5000, 'joined');
      host.send(transcript('m-nul', 'Hola\u0000 a todos'));
      await host.waitFor((c) => c.of('error').length > 0, 5000, 'error');
      expect(host.of('error')[0]).toMatchObject({
        code: 'bad_frame',
        messageId: 'm-nul',
        message: expect.stringContaining('text must not contain control characters'),
      });
    } finally {
      host.close();
    }
  });

  it('creates a room for a signed-in caller and refuses a token that does not verify', async () => {
    const { body } = await api.signup(uniqueEmail('owner'));
    expect(await api.call('POST', '/api/rooms', { name: 'Mine' }, body.session?.access_token)).toMatchObject({ status: 201 });
    expect(await api.call('POST', '/api/rooms', { name: 'Mine' }, 'not-a-token')).toMatchObject({
      status: 401,
      body: { error: { code: 'not_authenticated' } },
    });
  });
});
