import type { Client } from 'pg';
import {
  ACCOUNTS_SUBJECTS,
  type AdminRoomList,
  type AdminStats,
  type AdminUser,
  type AdminUserList,
  type SystemHealth,
} from '@lt/contracts';
import { eventually, type LiveClient } from '@lt/testing';
import { describeStack } from '../../support/describe-stack';
import type { Stack } from '../../support/stack';
import { authApi } from '../auth-api';
import { joined, newUser, ownedRoom, type Api, type TestUser } from '../dashboard-api';
import { createRoom, MODES, sleep } from '../helpers';

jest.setTimeout(30_000);

const waitUntil = (check: () => Promise<boolean>, what: string, timeoutMs = 5_000) => eventually(check, { what, timeoutMs });

describe.each(MODES)('the admin panel (%s mode)', (mode) => {
  let stack: Stack;
  let api: Api;
  let sql: Client;
  let admin: TestUser;

  const suite = describeStack({ mode, llm: false });

  beforeAll(async () => {
    ({ stack } = suite);
    api = authApi(stack.baseUrl);
    sql = await suite.sql();
    admin = await newUser(api, 'admin', 'admin@example.com');
  });

  const get = async <T>(path: string, token = admin.token) => {
    const res = await api.call<T>('GET', path, undefined, token);
    expect([path, res.status]).toEqual([path, 200]);
    return res.body;
  };

  it('lists every user newest first, changes plan (with its quota) and role, and resets token usage', async () => {
    const first = await newUser(api, 'first');
    // Time under test: users are listed by when they signed up, so the second signs up a moment later.
    await sleep(5);
    const second = await newUser(api, 'second');
    const { users } = await get<AdminUserList>('/api/admin/users');
    const ids = users.map((u) => u.id);
    expect(ids.indexOf(second.userId)).toBeLessThan(ids.indexOf(first.userId));
    expect(users.map((u) => u.created_at)).toEqual([...users.map((u) => u.created_at)].sort().reverse());

    const premium = await api.call<AdminUser>('PATCH', `/api/admin/users/${first.userId}`, { plan_type: 'premium' }, admin.token);
    expect(premium.body).toMatchObject({ plan_type: 'premium', token_quota: 100000, role: 'user' });
    const free = await api.call<AdminUser>('PATCH', `/api/admin/users/${first.userId}`, { plan_type: 'free' }, admin.token);
    expect(free.body).toMatchObject({ plan_type: 'free', token_quota: 10000 });

    // The role is read from the profile at every call: it takes effect at once, with the same token.
    expect((await api.call('GET', '/api/admin/stats', undefined, first.token)).status).toBe(403);
    expect((await api.call<AdminUser>('PATCH', `/api/admin/users/${first.userId}`, { role: 'admin' }, admin.token)).body.role).toBe(
      'admin',
    );
    expect((await api.call('GET', '/api/admin/stats', undefined, first.token)).status).toBe(200);
    expect((await api.call<AdminUser>('PATCH', `/api/admin/users/${first.userId}`, { role: 'user' }, admin.token)).body.role).toBe('user');
    expect((await api.call('GET', '/api/admin/stats', undefined, first.token)).status).toBe(403);

    stack.bus.emit(ACCOUNTS_SUBJECTS.trackUsage, {
      eventId: crypto.randomUUID(),
      userId: second.userId,
      roomId: null,
      tokens: 321,
      eventType: 'translation',
    });
    await eventually(async () => (await api.profile(second.token)).body.tokens_used === 321, 'the usage applied');
    expect((await api.profile(second.token)).body).toMatchObject({ tokens_used: 321 });
    const reset = await api.call<AdminUser>('POST', `/api/admin/users/${second.userId}/reset-tokens`, undefined, admin.token);
    expect(reset.body).toMatchObject({ tokens_used: 0, tokens_remaining: 10000 });
    expect(Math.abs(Date.parse(reset.body.last_reset ?? '') - Date.now())).toBeLessThan(60_000);

    const missing = '8a6f2a0e-7a43-4d2c-9f57-1c1f1b0f9b11';
    expect((await api.call('PATCH', `/api/admin/users/${missing}`, { role: 'admin' }, admin.token)).status).toBe(404);
    expect((await api.call('POST', `/api/admin/users/${missing}/reset-tokens`, undefined, admin.token)).status).toBe(404);
  });

  it("lists every room with its owner's e-mail, and gives the six figures", async () => {
    const owner = await newUser(api, 'roomowner');
    const { room } = await ownedRoom(api, owner, { name: 'Owned' });
    const anonymous = await createRoom(stack.baseUrl, 'Anonymous');
    await api.call('POST', `/api/rooms/${room.id}/start`, undefined, owner.token);
    const { rooms } = await get<AdminRoomList>('/api/admin/rooms');
    expect(rooms.find((r) => r.id === room.id)).toEqual({
      id: room.id,
      name: 'Owned',
      owner_email: owner.email,
      status: 'active',
      created_at: room.created_at,
      host_connected: false,
    });
    expect(rooms.find((r) => r.id === anonymous.room.id)).toMatchObject({ owner_email: null, status: 'scheduled' });
    expect(rooms[0].id).toBe(anonymous.room.id);

    await sql.query(`UPDATE accounts.profiles SET plan_type = 'premium', tokens_used = 7 WHERE id = $1`, [owner.userId]);
    const stats = await get<AdminStats>('/api/admin/stats');
    const count = async (query: string) => Number((await sql.query(query)).rows[0].n);
    expect(stats).toEqual({
      total_users: await count('SELECT count(*) AS n FROM accounts.profiles'),
      total_rooms: await count('SELECT count(*) AS n FROM rooms.rooms'),
      premium_users: await count(`SELECT count(*) AS n FROM accounts.profiles WHERE plan_type = 'premium'`),
      active_rooms: await count(`SELECT count(*) AS n FROM rooms.rooms WHERE status = 'active'`),
      admin_users: await count(`SELECT count(*) AS n FROM accounts.profiles WHERE role = 'admin'`),
      total_token_usage: await count('SELECT sum(tokens_used) AS n FROM accounts.profiles'),
    });
    expect(stats).toMatchObject({ premium_users: 1, active_rooms: 1, admin_users: 1, total_token_usage: 7 });
  });

  it('says whether the host of a room has it open now, and stops once the host has gone', async () => {
    const { room, hostKey } = await createRoom(stack.baseUrl, 'Hosted');
    const open: LiveClient[] = [];
    const hostOf = async () => (await get<AdminRoomList>('/api/admin/rooms')).rooms.find((r) => r.id === room.id)?.host_connected;
    expect(await hostOf()).toBe(false);
    const host = await joined(stack.baseUrl, { roomId: room.id, role: 'host', hostKey }, open);
    host.send({ type: 'room_start', sourceLanguage: 'es' });
    await host.waitFor((c) => c.of('room_start').length === 1, 5000, 'room_start');
    await waitUntil(async () => (await hostOf()) === true, 'host shown as connected');
    host.close();
    await waitUntil(async () => (await hostOf()) === false, 'host shown as gone');
    expect((await get<AdminRoomList>('/api/admin/rooms')).rooms.find((r) => r.id === room.id)?.status).toBe('active');
  });

  it('reports each part of the system as it answers now', async () => {
    const health = await get<SystemHealth>('/api/admin/health');
    expect(health.parts).toEqual(
      ['gateway', 'accounts', 'rooms', 'translate', 'tts', 'asr', 'database'].map((name) => ({ name, status: 'up' })),
    );
    if (mode !== 'distributed') return;
    await stack.stopService('translate-svc');
    try {
      // How soon it answers with a service down is measured by the control-path bench (tests/bench/control.bench.ts).
      const down = await get<SystemHealth>('/api/admin/health');
      expect(down.parts.find((p) => p.name === 'translate')).toMatchObject({ status: 'down', detail: expect.any(String) });
      expect(down.parts.filter((p) => p.status === 'down').map((p) => p.name)).toEqual(['translate']);
    } finally {
      await stack.startService('translate-svc');
    }
  });
});
