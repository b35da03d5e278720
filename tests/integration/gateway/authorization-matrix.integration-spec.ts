import type { CreateRoomResponse } from '@lt/contracts';
import { describeStack } from '../../support/describe-stack';
import type { Stack } from '../../support/stack';
import { authApi } from '../auth-api';
import { newUser, ownedRoom, type Api, type TestUser } from '../dashboard-api';
import { GLOSSARY, INVALID, MATRIX, WHO, type Context, type Who } from '../authorization-matrix';
import { createRoom, MODES } from '../helpers';

jest.setTimeout(60_000);

describe.each(MODES)('authorization of the dashboard and admin API (%s mode)', (mode) => {
  let stack: Stack;
  let api: Api;
  let users: Record<Exclude<Who, 'anonymous'>, TestUser>;
  let context: Context;

  // Every route is called many times here, malformed or not: the per-room glossary write rate is not under test.
  const suite = describeStack({ mode, llm: false, gatewayEnv: { GLOSSARY_WRITES_PER_MINUTE: '10000' } });

  beforeAll(async () => {
    ({ stack } = suite);
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
