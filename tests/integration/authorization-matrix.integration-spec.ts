import type { CreateRoomResponse } from '@lt/contracts';
import { createTestDatabase, type TestDatabase } from '@lt/testing';
import { startStack, type Stack } from '../support/stack';
import { authApi } from './auth-api';
import { newUser, ownedRoom, type Api, type TestUser } from './dashboard-api';
import { createRoom, MODES } from './helpers';

jest.setTimeout(60_000);

type Who = 'anonymous' | 'userA' | 'userB' | 'admin';
const WHO: Who[] = ['anonymous', 'userA', 'userB', 'admin'];

interface Context {
  /** A room of user A (made once; `fresh` rows get a new one per call). */
  room: CreateRoomResponse;
  userB: TestUser;
  /** A speaker invited to `room` (a new one per call on `fresh` rows). */
  speakerId: string;
}

interface Row {
  method: string;
  path: (c: Context) => string;
  body?: (c: Context) => unknown;
  /** The call destroys the room: each cell gets a room of A of its own. */
  fresh?: boolean;
  expected: Record<Who, number>;
}

const GLOSSARY = { entries: [{ term: 'Kubernetes', keep: true }] };
const owner = (a: number, ok = 200): Record<Who, number> => ({ anonymous: a, userA: ok, userB: 404, admin: 404 });
const anyone: Record<Who, number> = { anonymous: 200, userA: 200, userB: 200, admin: 200 };
const adminOnly = (ok = 200): Record<Who, number> => ({ anonymous: 401, userA: 403, userB: 403, admin: ok });
const room =
  (suffix = '') =>
  (c: Context) =>
    `/api/rooms/${c.room.room.id}${suffix}`;

/** Every route of the owner's rooms (on a room of user A) and of the admin panel, with the status each caller gets. */
const MATRIX: Record<string, Row> = {
  'GET /api/rooms': { method: 'GET', path: () => '/api/rooms', expected: { anonymous: 401, userA: 200, userB: 200, admin: 200 } },
  'POST /api/rooms (create form)': {
    method: 'POST',
    path: () => '/api/rooms',
    body: () => ({ name: 'Form', source_language: 'fr', duration_minutes: 90 }),
    // Anonymous callers may send a name only: the form's other fields are refused.
    expected: { anonymous: 400, userA: 201, userB: 201, admin: 201 },
  },
  'GET /api/rooms/{id}': { method: 'GET', path: room(), expected: owner(401) },
  'PATCH /api/rooms/{id}': { method: 'PATCH', path: room(), body: () => ({ name: 'Renamed' }), expected: owner(401) },
  'DELETE /api/rooms/{id}': { method: 'DELETE', path: room(), fresh: true, expected: owner(401, 204) },
  'POST /api/rooms/{id}/duplicate': { method: 'POST', path: room('/duplicate'), expected: owner(401, 201) },
  'POST /api/rooms/{id}/start': { method: 'POST', path: room('/start'), expected: owner(401) },
  'POST /api/rooms/{id}/end': { method: 'POST', path: room('/end'), expected: owner(401) },
  // An owned room is never claimed, not even by its owner or with its key.
  'POST /api/rooms/{id}/claim': {
    method: 'POST',
    path: room('/claim'),
    body: (c) => ({ hostKey: c.room.hostKey }),
    expected: { anonymous: 401, userA: 404, userB: 404, admin: 404 },
  },
  'GET /api/rooms/{id}/transcript': { method: 'GET', path: room('/transcript'), expected: owner(401) },
  'GET /api/rooms/{id}/transcript.txt': { method: 'GET', path: room('/transcript.txt?tz=Europe/Madrid'), expected: owner(401) },
  'GET /api/rooms/{id}/transcript.srt': { method: 'GET', path: room('/transcript.srt'), expected: owner(401) },
  'GET /api/rooms/{id}/transcript.vtt': { method: 'GET', path: room('/transcript.vtt?lang=es'), expected: owner(401) },
  'GET /api/rooms/{id}/speakers': { method: 'GET', path: room('/speakers'), expected: owner(401) },
  'POST /api/rooms/{id}/speakers': { method: 'POST', path: room('/speakers'), body: () => ({ name: 'Ana' }), expected: owner(401, 201) },
  'DELETE /api/rooms/{id}/speakers/{speakerId}': {
    method: 'DELETE',
    path: (c) => `/api/rooms/${c.room.room.id}/speakers/${c.speakerId}`,
    fresh: true,
    expected: owner(401, 204),
  },
  'GET /api/rooms/{id}/glossary': { method: 'GET', path: room('/glossary'), expected: owner(401) },
  'GET /api/rooms/{id}/glossary/vocabulary': { method: 'GET', path: room('/glossary/vocabulary'), expected: owner(401) },
  'PUT /api/rooms/{id}/glossary': { method: 'PUT', path: room('/glossary'), body: () => GLOSSARY, expected: owner(401) },
  'POST /api/rooms/{id}/glossary/revise': {
    method: 'POST',
    path: room('/glossary/revise'),
    body: () => ({ lines: 3 }),
    expected: owner(401),
  },
  'GET /api/rooms/{id}/analytics': { method: 'GET', path: room('/analytics'), expected: owner(401) },
  'GET /api/rooms/{id}/analytics.csv': { method: 'GET', path: room('/analytics.csv'), expected: owner(401) },
  'GET /api/rooms/{id}/analytics/live': { method: 'GET', path: room('/analytics/live'), expected: owner(401) },
  'GET /api/view/{id} (public)': {
    method: 'GET',
    path: (c) => `/api/view/${c.room.room.id}`,
    expected: { anonymous: 200, userA: 200, userB: 200, admin: 200 },
  },
  // Anyone holding the viewer link, signed in or not, while the owner lets viewers download the transcript.
  'GET /api/view/{id}/transcript (public)': {
    method: 'GET',
    path: (c) => `/api/view/${c.room.room.id}/transcript?lang=fr`,
    expected: anyone,
  },
  'GET /api/view/{id}/transcript.txt (public)': {
    method: 'GET',
    path: (c) => `/api/view/${c.room.room.id}/transcript.txt`,
    expected: anyone,
  },
  'GET /api/view/{id}/transcript.srt (public)': {
    method: 'GET',
    path: (c) => `/api/view/${c.room.room.id}/transcript.srt`,
    expected: anyone,
  },
  'GET /api/view/{id}/transcript.vtt (public)': {
    method: 'GET',
    path: (c) => `/api/view/${c.room.room.id}/transcript.vtt?tz=UTC`,
    expected: anyone,
  },
  // Each signed-in caller gets its own archive (the caller is the token's); the contents are checked in account-archive.
  'GET /api/account/archive': {
    method: 'GET',
    path: () => '/api/account/archive',
    expected: { anonymous: 401, userA: 200, userB: 200, admin: 200 },
  },
  'GET /api/admin/users': { method: 'GET', path: () => '/api/admin/users', expected: adminOnly() },
  'PATCH /api/admin/users/{id}': {
    method: 'PATCH',
    path: (c) => `/api/admin/users/${c.userB.userId}`,
    body: () => ({ plan_type: 'premium' }),
    expected: adminOnly(),
  },
  'POST /api/admin/users/{id}/reset-tokens': {
    method: 'POST',
    path: (c) => `/api/admin/users/${c.userB.userId}/reset-tokens`,
    expected: adminOnly(),
  },
  'GET /api/admin/rooms': { method: 'GET', path: () => '/api/admin/rooms', expected: adminOnly() },
  'DELETE /api/admin/rooms/{id}': {
    method: 'DELETE',
    path: (c) => `/api/admin/rooms/${c.room.room.id}`,
    fresh: true,
    expected: adminOnly(204),
  },
  'GET /api/admin/stats': { method: 'GET', path: () => '/api/admin/stats', expected: adminOnly() },
  'GET /api/admin/health': { method: 'GET', path: () => '/api/admin/health', expected: adminOnly() },
  'GET /api/admin/analytics': { method: 'GET', path: () => '/api/admin/analytics', expected: adminOnly() },
  'GET /api/admin/analytics.csv': { method: 'GET', path: () => '/api/admin/analytics.csv', expected: adminOnly() },
};

/** Malformed input from a caller who may make the call: 400, after authentication and before any service. */
const INVALID: [string, string, unknown?][] = [
  ['GET', '/api/rooms?status=open'],
  ['GET', '/api/rooms?limit=0'],
  ['GET', '/api/rooms?order=name'],
  ['GET', '/api/rooms/not-a-uuid'],
  ['PATCH', '/api/rooms/{room}', { duration_minutes: 45 }],
  ['PATCH', '/api/rooms/{room}', {}],
  ['POST', '/api/rooms', { name: '', source_language: 'es' }],
  ['POST', '/api/rooms', { name: 'X', invited_hosts: ['not-an-email'] }],
  ['POST', '/api/rooms/{room}/claim', { hostKey: 'short' }],
  ['POST', '/api/rooms/{room}/speakers', { name: ' ' }],
  ['POST', '/api/rooms/{room}/speakers', { name: 'x'.repeat(51) }],
  ['DELETE', '/api/rooms/{room}/speakers/not-a-uuid'],
  ['GET', '/api/rooms/not-a-uuid/glossary'],
  ['PUT', '/api/rooms/{room}/glossary', { entries: [{ term: 'x'.repeat(101), keep: true }] }],
  [
    'PUT',
    '/api/rooms/{room}/glossary',
    {
      entries: [
        { term: 'a', keep: true },
        { term: 'A', keep: true },
      ],
    },
  ],
  ['PUT', '/api/rooms/{room}/glossary', { entries: [], extra: 1 }],
  ['POST', '/api/rooms/{room}/glossary/revise', { lines: 0 }],
  ['POST', '/api/rooms/{room}/glossary/revise', { lines: 21 }],
  ['POST', '/api/rooms/{room}/glossary/revise', { lines: 2.5 }],
  ['POST', '/api/rooms/{room}/glossary/revise', { lines: '5' }],
  ['POST', '/api/rooms/{room}/glossary/revise', { lines: 5, all: true }],
  ['GET', '/api/rooms/{room}/transcript.txt?tz=Mars/Olympus_Mons'],
  ['GET', '/api/rooms/{room}/transcript.srt?lang=xx'],
  ['GET', '/api/view/not-a-uuid/transcript'],
  ['GET', '/api/view/{room}/transcript.txt?lang=xx'],
  ['GET', '/api/view/{room}/transcript.vtt?tz=Mars/Olympus_Mons'],
  ['PATCH', '/api/admin/users/not-a-uuid', { role: 'admin' }],
  ['PATCH', '/api/admin/users/{userB}', { plan_type: 'gold' }],
  ['DELETE', '/api/admin/rooms/not-a-uuid'],
];

describe.each(MODES)('authorization of the dashboard and admin API (%s mode)', (mode) => {
  let db: TestDatabase;
  let stack: Stack;
  let api: Api;
  let users: Record<Exclude<Who, 'anonymous'>, TestUser>;
  let context: Context;

  beforeAll(async () => {
    db = await createTestDatabase();
    // Every route is called many times here, malformed or not: the per-room glossary write rate is not under test.
    stack = await startStack({ mode, databaseUrl: db.url, llmUrl: null, gatewayEnv: { GLOSSARY_WRITES_PER_MINUTE: '10000' } });
    api = authApi(stack.baseUrl);
    users = { userA: await newUser(api, 'a'), userB: await newUser(api, 'b'), admin: await newUser(api, 'admin', 'admin@example.com') };
    const room = await ownedRoom(api, users.userA, { name: 'Room of A' });
    context = { room, userB: users.userB, speakerId: await inviteSpeaker(room) };
  });

  const inviteSpeaker = async (room: CreateRoomResponse) => {
    const res = await api.call<{ speaker: { id: string } }>(
      'POST',
      `/api/rooms/${room.room.id}/speakers`,
      { name: 'Invited' },
      users.userA.token,
    );
    return res.body.speaker.id;
  };

  afterAll(async () => {
    await stack?.close();
    await db?.drop();
  });

  const tokenOf = (who: Who) => (who === 'anonymous' ? undefined : users[who].token);

  it('answers every caller of every route with exactly the status of the matrix', async () => {
    const actual: Record<string, Record<Who, number>> = {};
    for (const [name, row] of Object.entries(MATRIX)) {
      actual[name] = {} as Record<Who, number>;
      for (const who of WHO) {
        const fresh = row.fresh ? await ownedRoom(api, users.userA, { name: 'Disposable' }) : null;
        const c = fresh ? { ...context, room: fresh, speakerId: await inviteSpeaker(fresh) } : context;
        const res = await api.call(row.method, row.path(c), row.body?.(c), tokenOf(who));
        actual[name][who] = res.status;
      }
    }
    expect(actual).toEqual(Object.fromEntries(Object.entries(MATRIX).map(([name, row]) => [name, row.expected])));
  });

  it('answers the glossary routes (read, replace, revise) for the holder of the host key, of an owned room and of an anonymous one', async () => {
    const anonymous = await createRoom(stack.baseUrl, 'Anonymous');
    const wrongKey = anonymous.hostKey.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'));
    const callers: [string, Record<string, string>, number][] = [
      ['host key', { 'x-host-key': anonymous.hostKey }, 200],
      ['wrong host key', { 'x-host-key': wrongKey }, 403],
      ['malformed host key', { 'x-host-key': 'short' }, 403],
      ['host key and a session of another user', { 'x-host-key': anonymous.hostKey, authorization: `Bearer ${users.userB.token}` }, 200],
      ['wrong host key and the session of the owner', { 'x-host-key': 'x'.repeat(43), authorization: `Bearer ${users.userA.token}` }, 403],
      ['anonymous', {}, 401],
      ['signed in, no key', { authorization: `Bearer ${users.userA.token}` }, 404],
    ];
    const actual: string[] = [];
    const expected: string[] = [];
    for (const [roomName, target] of [
      ['anonymous room', anonymous],
      ['room of A', context.room],
    ] as const) {
      for (const [who, headers, status] of callers) {
        // A's own session opens A's room: the host key is only needed by others.
        const want = roomName === 'room of A' && who === 'signed in, no key' ? 200 : status;
        const key =
          who.includes('host key') && !who.startsWith('wrong') && !who.startsWith('malformed') ? target.hostKey : headers['x-host-key'];
        const sent = key ? { ...headers, 'x-host-key': key } : headers;
        for (const method of ['GET', 'PUT', 'POST']) {
          const body = { PUT: GLOSSARY, POST: { lines: 2 } }[method];
          const res = await api.send(method, `/api/rooms/${target.room.id}/glossary${method === 'POST' ? '/revise' : ''}`, {
            headers: { ...sent, ...(body ? { 'content-type': 'application/json' } : {}) },
            body: body ? JSON.stringify(body) : undefined,
          });
          actual.push(`${method} ${roomName} / ${who}: ${res.status}`);
          expected.push(`${method} ${roomName} / ${who}: ${want}`);
        }
      }
    }
    expect(actual).toEqual(expected);
  });

  it('answers the viewer transcript routes by the room setting, and the host key regardless', async () => {
    const closed = await ownedRoom(api, users.userA, { name: 'Closed', viewer_downloads: false });
    const wrongKey = closed.hostKey.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'));
    const callers: [string, Record<string, string>, number, number][] = [
      // who, headers, status when downloads are on, status when off
      ['anonymous', {}, 200, 403],
      ['the owner', { authorization: `Bearer ${users.userA.token}` }, 200, 403],
      ['host key', { 'x-host-key': '{key}' }, 200, 200],
      ['wrong host key', { 'x-host-key': wrongKey }, 403, 403],
      ['malformed host key', { 'x-host-key': 'short' }, 403, 403],
    ];
    const actual: string[] = [];
    const expected: string[] = [];
    for (const [setting, target] of [
      ['on', context.room],
      ['off', closed],
    ] as const) {
      for (const [who, headers, on, off] of callers) {
        const sent = headers['x-host-key'] === '{key}' ? { 'x-host-key': target.hostKey } : headers;
        for (const suffix of ['', '.txt', '.srt', '.vtt']) {
          const res = await api.send('GET', `/api/view/${target.room.id}/transcript${suffix}`, { headers: sent });
          actual.push(`${suffix || 'json'} ${setting} / ${who}: ${res.status}`);
          expected.push(`${suffix || 'json'} ${setting} / ${who}: ${setting === 'on' ? on : off}`);
        }
      }
    }
    expect(actual).toEqual(expected);
  });

  it("never shows a room of A to B, nor A's room in B's list", async () => {
    const listB = await api.call<{ rooms: { id: string }[] }>('GET', '/api/rooms', undefined, users.userB.token);
    expect(listB.body.rooms.map((r) => r.id)).not.toContain(context.room.room.id);
    const listA = await api.call<{ rooms: { id: string; owner_id: string }[] }>(
      'GET',
      '/api/rooms?limit=100',
      undefined,
      users.userA.token,
    );
    expect(listA.body.rooms.map((r) => r.id)).toContain(context.room.room.id);
    expect(listA.body.rooms.every((r) => r.owner_id === users.userA.userId)).toBe(true);
    const unknown = await api.call('GET', '/api/rooms/8a6f2a0e-7a43-4d2c-9f57-1c1f1b0f9b11', undefined, users.userA.token);
    const others = await api.call('GET', `/api/rooms/${context.room.room.id}`, undefined, users.userB.token);
    expect([unknown.status, unknown.body]).toEqual([others.status, { error: { code: 'room_not_found', message: 'Room not found' } }]);
    expect(others.body).toEqual(unknown.body);
  });

  it('answers malformed input with 400 validation_failed', async () => {
    const fill = (path: string) => path.replace('{room}', context.room.room.id).replace('{userB}', users.userB.userId);
    const actual = [];
    for (const [method, path, body] of INVALID) {
      const token = path.startsWith('/api/admin') ? users.admin.token : users.userA.token;
      const res = await api.call<{ error: { code: string } }>(method, fill(path), body, token);
      actual.push([method, path, res.status, res.body.error?.code]);
    }
    expect(actual).toEqual(INVALID.map(([method, path]) => [method, path, 400, 'validation_failed']));
  });

  it('refuses a token that does not verify, and one of a signed-out session, on owner and admin routes alike', async () => {
    for (const path of ['/api/rooms', `/api/rooms/${context.room.room.id}`, '/api/admin/users']) {
      expect((await api.call('GET', path, undefined, 'not-a-token')).status).toBe(401);
    }
    const admin2 = await api.signIn('admin@example.com');
    expect((await api.call('GET', '/api/admin/stats', undefined, admin2.body.access_token)).status).toBe(200);
    expect((await api.logout(admin2.body.access_token)).status).toBe(204);
    expect((await api.call('GET', '/api/admin/stats', undefined, admin2.body.access_token)).status).toBe(401);
  });
});
