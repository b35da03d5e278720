import { createHash } from 'node:crypto';
import { Client } from 'pg';
import type { CreateSpeakerResponse, SpeakerAccessResponse, SpeakerListResponse } from '@lt/contracts';
import { SmtpCatcher } from '@lt/testing';
import { describeStack } from '../../support/describe-stack';
import type { Stack } from '../../support/stack';
import { authApi } from '../auth-api';
import { newUser, ownedRoom, type Api, type TestUser } from '../dashboard-api';
import { createRoom, MODES } from '../helpers';

jest.setTimeout(60_000);

const ORIGIN = 'https://rooms.example';
const INVALID = { error: { code: 'invalid_invite', message: 'Invalid or expired invite token' } };
const tokenOf = (link: string) => new URL(link).searchParams.get('token') as string;

describe.each(MODES)('speaker invites over HTTP (%s mode)', (mode) => {
  let smtp: SmtpCatcher;
  let smtpUrl: string;
  let stack: Stack;
  let api: Api;
  let sql: Client;
  let owner: TestUser;
  let other: TestUser;

  // Declared before the stack's hooks: the mail server answers before the stack starts.
  beforeAll(async () => {
    smtp = new SmtpCatcher();
    smtpUrl = await smtp.start();
  });
  afterAll(() => smtp?.stop());

  const suite = describeStack(() => ({ mode, llm: false, publicUrl: ORIGIN, accounts: { SMTP_URL: smtpUrl } }));

  beforeAll(async () => {
    stack = suite.stack;
    sql = await suite.sql();
    api = authApi(stack.baseUrl);
    owner = await newUser(api, 'speakers-owner');
    other = await newUser(api, 'speakers-other');
  });

  const invite = (roomId: string, name: unknown, user = owner) =>
    api.call<CreateSpeakerResponse>('POST', `/api/rooms/${roomId}/speakers`, { name }, user.token);
  const list = (roomId: string, user = owner) =>
    api.call<SpeakerListResponse>('GET', `/api/rooms/${roomId}/speakers`, undefined, user.token);

  it('invites a speaker with a link on the public origin, whose token is stored only as its hash', async () => {
    const { room } = await ownedRoom(api, owner, { name: 'Keynote' });
    const res = await invite(room.id, '  Ana María  ');
    expect(res.status).toBe(201);
    expect(res.body.speaker).toMatchObject({
      room_id: room.id,
      speaker_name: 'Ana María',
      speaker_role: 'co-host',
      is_active: false,
      input_language: null,
      joined_at: null,
      status: 'invited',
    });
    const link = new URL(res.body.inviteLink);
    expect(link.origin + link.pathname).toBe(`${ORIGIN}/speak/${room.id}`);
    expect(link.searchParams.get('name')).toBe('Ana María');
    const token = tokenOf(res.body.inviteLink);
    // 256 random bits in base64url.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const { rows } = await sql.query('SELECT * FROM rooms.room_speakers WHERE id = $1', [res.body.speaker.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].invite_token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    const holding = await sql.query(
      `SELECT count(*)::int AS n FROM (
         SELECT t::text AS row FROM rooms.room_speakers t UNION ALL SELECT t::text FROM rooms.rooms t
         UNION ALL SELECT t::text FROM rooms.message_logs t) rows WHERE row LIKE $1`,
      [`%${token}%`],
    );
    expect(holding.rows[0].n).toBe(0);
    // The list never shows the token again.
    const listed = await list(room.id);
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).not.toContain(token);
    expect(listed.body.speakers).toEqual([res.body.speaker]);
  });

  it('takes a trimmed name of 1 to 50 characters, and nothing else', async () => {
    const { room } = await ownedRoom(api, owner);
    expect((await invite(room.id, 'x'.repeat(50))).status).toBe(201);
    for (const name of ['', '   ', 'x'.repeat(51), 42, 'tab\u0000name']) {
      const res = await invite(room.id, name);
      expect([name, res.status, (res.body as unknown as typeof INVALID).error?.code]).toEqual([name, 400, 'validation_failed']);
    }
    const extra = await api.call('POST', `/api/rooms/${room.id}/speakers`, { name: 'Ana', role: 'host' }, owner.token);
    expect(extra.status).toBe(400);
    expect((await list(room.id)).body.speakers.map((s) => s.speaker_name)).toEqual(['x'.repeat(50)]);
  });

  it("lets only the owner list, invite and remove: another user's room, an anonymous one or none is 404, and nobody signed in 401", async () => {
    const { room } = await ownedRoom(api, owner);
    const anonymous = await createRoom(stack.baseUrl, 'Anonymous');
    const { body } = await invite(room.id, 'Ana');
    const notFound = { error: { code: 'room_not_found', message: 'Room not found' } };
    for (const roomId of [room.id, anonymous.room.id, '8a6f2a0e-7a43-4d2c-9f57-1c1f1b0f9b11']) {
      const by = roomId === room.id ? other : owner;
      const calls = [
        await list(roomId, by),
        await invite(roomId, 'Intruso', by),
        await api.call('DELETE', `/api/rooms/${roomId}/speakers/${body.speaker.id}`, undefined, by.token),
      ];
      expect(calls.map((c) => [c.status, c.body])).toEqual([
        [404, notFound],
        [404, notFound],
        [404, notFound],
      ]);
    }
    const anonymousCalls = [
      await api.call('GET', `/api/rooms/${room.id}/speakers`),
      await api.call('POST', `/api/rooms/${room.id}/speakers`, { name: 'Ana' }),
      await api.call('DELETE', `/api/rooms/${room.id}/speakers/${body.speaker.id}`),
    ];
    expect(anonymousCalls.map((c) => c.status)).toEqual([401, 401, 401]);
    expect((await list(room.id)).body.speakers.map((s) => s.speaker_name)).toEqual(['Ana']);
  });

  it('verifies, joins and leaves with the token, and shows the speaker as Invited, Active, then Joined', async () => {
    const { room } = await ownedRoom(api, owner, { name: 'Panel' });
    const { body } = await invite(room.id, 'Bea');
    const token = tokenOf(body.inviteLink);
    const verified = await api.call<SpeakerAccessResponse>('POST', '/api/speak/verify', { roomId: room.id, token });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({
      speaker: body.speaker,
      room: { id: room.id, name: 'Panel', status: 'scheduled', source_language: 'es', viewer_downloads: true, questions_enabled: false },
    });

    expect((await api.call('POST', '/api/speak/join', { roomId: room.id, token })).status).toBe(400);
    const joined = await api.call<SpeakerAccessResponse>('POST', '/api/speak/join', { roomId: room.id, token, lang: 'en' });
    expect(joined.status).toBe(200);
    expect(joined.body.speaker).toMatchObject({ is_active: true, input_language: 'en', status: 'active' });
    expect(Date.parse(joined.body.speaker.joined_at as string)).toBeGreaterThan(Date.now() - 60_000);
    expect((await list(room.id)).body.speakers[0]).toMatchObject({ status: 'active', is_active: true, input_language: 'en' });

    const left = await api.call('POST', '/api/speak/leave', { roomId: room.id, token });
    expect([left.status, left.body]).toEqual([204, null]);
    expect((await list(room.id)).body.speakers[0]).toMatchObject({ status: 'joined', is_active: false, input_language: 'en' });
  });

  it('never lets a token of room X open room Y, nor a made-up or removed one', async () => {
    const { room: x } = await ownedRoom(api, owner, { name: 'X' });
    const { room: y } = await ownedRoom(api, owner, { name: 'Y' });
    const { body } = await invite(x.id, 'Carla');
    const token = tokenOf(body.inviteLink);
    const attempts = [
      ['/api/speak/verify', { roomId: y.id, token }],
      ['/api/speak/join', { roomId: y.id, token, lang: 'es' }],
      ['/api/speak/leave', { roomId: y.id, token }],
      ['/api/speak/verify', { roomId: x.id, token: token.slice(0, -2) + 'AA' }],
      ['/api/speak/verify', { roomId: '8a6f2a0e-7a43-4d2c-9f57-1c1f1b0f9b11', token }],
    ] as const;
    for (const [path, request] of attempts) {
      const res = await api.call('POST', path, request);
      expect([path, res.status, res.body]).toEqual([path, 403, INVALID]);
    }
    // A speaker of X is not one of Y's to remove, even for the owner of both.
    const crossRemove = await api.call('DELETE', `/api/rooms/${y.id}/speakers/${body.speaker.id}`, undefined, owner.token);
    expect([crossRemove.status, crossRemove.body]).toEqual([404, { error: { code: 'speaker_not_found', message: 'Speaker not found' } }]);
    expect((await api.call('POST', '/api/speak/verify', { roomId: x.id, token })).status).toBe(200);

    const removed = await api.call('DELETE', `/api/rooms/${x.id}/speakers/${body.speaker.id}`, undefined, owner.token);
    expect([removed.status, removed.body]).toEqual([204, null]);
    for (const [path, request] of [
      ['/api/speak/verify', { roomId: x.id, token }],
      ['/api/speak/join', { roomId: x.id, token, lang: 'es' }],
    ] as const) {
      expect((await api.call('POST', path, request)).body).toEqual(INVALID);
    }
    expect((await list(x.id)).body.speakers).toEqual([]);
    expect((await api.call('DELETE', `/api/rooms/${x.id}/speakers/${body.speaker.id}`, undefined, owner.token)).status).toBe(404);
    expect((await api.call('POST', '/api/speak/verify', { roomId: x.id, token: 'short' })).status).toBe(400);
  });

  it("mails each invited host of the create form its own speaker link, named after the address's local part", async () => {
    smtp.clear();
    const hosts = ['ana.garcia@example.com', `${'l'.repeat(60)}@example.com`];
    const { room } = await ownedRoom(api, owner, { name: 'Mesa redonda', invited_hosts: hosts });
    const speakers = (await list(room.id)).body.speakers;
    expect(speakers.map((s) => s.speaker_name)).toEqual(['ana.garcia', 'l'.repeat(50)]);
    for (const [i, address] of hosts.entries()) {
      const mail = await smtp.waitForMail((m) => m.to.includes(address));
      expect(mail.subject).toContain('Mesa redonda');
      const link = /https:\/\/rooms\.example\/speak\/[^\s]+/.exec(mail.text)?.[0] as string;
      expect(new URL(link).pathname).toBe(`/speak/${room.id}`);
      expect(new URL(link).searchParams.get('name')).toBe(speakers[i].speaker_name);
      const verified = await api.call<SpeakerAccessResponse>('POST', '/api/speak/verify', { roomId: room.id, token: tokenOf(link) });
      expect([verified.status, verified.body.speaker?.id]).toEqual([200, speakers[i].id]);
    }
    expect(smtp.mails).toHaveLength(2);
    // Without invited hosts nobody is invited, and an anonymous caller cannot send them.
    expect((await list((await ownedRoom(api, owner)).room.id)).body.speakers).toEqual([]);
    expect((await api.call('POST', '/api/rooms', { name: 'X', invited_hosts: ['a@example.com'] })).status).toBe(400);
  });

  it('deletes the speakers with their room', async () => {
    const { room } = await ownedRoom(api, owner);
    await invite(room.id, 'Dora');
    expect((await api.call('DELETE', `/api/rooms/${room.id}`, undefined, owner.token)).status).toBe(204);
    const { rows } = await sql.query('SELECT count(*)::int AS n FROM rooms.room_speakers WHERE room_id = $1', [room.id]);
    expect(rows[0].n).toBe(0);
  });
});
