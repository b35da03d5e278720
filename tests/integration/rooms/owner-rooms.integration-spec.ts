import type { Client } from 'pg';
import type { RoomListResponse, RoomResponse } from '@lt/contracts';
import { describeStack } from '../../support/describe-stack';
import type { Stack } from '../../support/stack';
import { authApi } from '../auth-api';
import { joined, newUser, ownedRoom, typesOf, type Api, type TestUser } from '../dashboard-api';
import { createRoom, MODES, sleep, transcript } from '../helpers';

jest.setTimeout(30_000);

describe.each(MODES)("the owner's rooms (%s mode)", (mode) => {
  let stack: Stack;
  let api: Api;
  let sql: Client;

  const suite = describeStack({ mode, llm: false });
  const clients = suite.clients;

  beforeAll(async () => {
    ({ stack } = suite);
    api = authApi(stack.baseUrl);
    sql = await suite.sql();
  });

  const list = async (user: TestUser, query: string) => {
    const res = await api.call<RoomListResponse>('GET', `/api/rooms${query}`, undefined, user.token);
    expect(res.status).toBe(200);
    return res.body.rooms.map((r) => r.name);
  };

  it('creates a scheduled, owned room with its evaluation from the form, and an anonymous one as before', async () => {
    const owner = await newUser(api, 'form');
    const { room, hostKey } = await ownedRoom(api, owner, {
      name: '  Keynote  ',
      source_language: 'fr',
      scheduled_at: '2030-01-02T10:00:00+01:00',
      duration_minutes: 120,
      invited_hosts: ['ana@example.com', 'luis@example.com'],
    });
    expect(room).toMatchObject({
      owner_id: owner.userId,
      name: 'Keynote',
      source_language: 'fr',
      status: 'scheduled',
      scheduled_at: '2030-01-02T09:00:00.000Z',
      duration_minutes: 120,
      viewer_link: `${stack.baseUrl}/view/${room.id}`,
    });
    expect(hostKey.length).toBeGreaterThanOrEqual(22);
    const evaluation = await sql.query(
      'SELECT total_messages, translated_messages, success_rate FROM rooms.room_evaluations WHERE room_id = $1',
      [room.id],
    );
    expect(evaluation.rows).toEqual([{ total_messages: 0, translated_messages: 0, success_rate: '100.00' }]);
    // The invited hosts are checked, not kept: speaker links are another feature's.
    const stored = await sql.query('SELECT row_to_json(r)::text AS row FROM rooms.rooms r WHERE id = $1', [room.id]);
    expect(stored.rows[0].row).not.toContain('ana@example.com');

    const quick = await api.call<{ room: RoomResponse }>('POST', '/api/rooms', {}, owner.token);
    expect(quick.body.room).toMatchObject({ owner_id: owner.userId, status: 'scheduled', duration_minutes: 60, source_language: null });
    const anonymous = await createRoom(stack.baseUrl, 'Anon');
    expect(anonymous.room).toMatchObject({ owner_id: null, name: 'Anon', status: 'scheduled', duration_minutes: 60 });
  });

  it("lists the filters and orders the dashboard asks for, and only the caller's rooms", async () => {
    const owner = await newUser(api, 'lists');
    const other = await newUser(api, 'other');
    await ownedRoom(api, other, { name: 'Not mine' });
    const rows: [string, string, string, string | null, string][] = [
      // name, status, created_at, scheduled_at, updated_at
      ['s-late', 'scheduled', '2025-01-01T10:00:00Z', '2025-03-01T10:00:00Z', '2025-01-05T00:00:00Z'],
      ['s-early', 'scheduled', '2025-01-02T10:00:00Z', '2025-02-01T10:00:00Z', '2025-01-03T00:00:00Z'],
      ['s-none', 'scheduled', '2025-01-03T10:00:00Z', null, '2025-01-09T00:00:00Z'],
      ['a-1', 'active', '2025-01-04T10:00:00Z', null, '2025-01-07T00:00:00Z'],
      ['e-old', 'ended', '2025-01-05T10:00:00Z', null, '2025-01-06T00:00:00Z'],
      ['e-new', 'ended', '2025-01-06T10:00:00Z', null, '2025-01-08T00:00:00Z'],
      ['a-2', 'active', '2025-01-07T10:00:00Z', null, '2025-01-04T00:00:00Z'],
    ];
    for (const [name, status, created, scheduled, updated] of rows) {
      const { room } = await ownedRoom(api, owner, { name });
      await sql.query('UPDATE rooms.rooms SET status = $2, created_at = $3, scheduled_at = $4, updated_at = $5 WHERE id = $1', [
        room.id,
        status,
        created,
        scheduled,
        updated,
      ]);
    }
    expect(await list(owner, '?order=created_desc&limit=5')).toEqual(['a-2', 'e-new', 'e-old', 'a-1', 's-none']);
    expect(await list(owner, '')).toEqual(['a-2', 'e-new', 'e-old', 'a-1', 's-none', 's-early', 's-late']);
    expect(await list(owner, '?status=scheduled&order=scheduled_asc')).toEqual(['s-early', 's-late', 's-none']);
    expect(await list(owner, '?status=scheduled,active&order=updated_desc')).toEqual(['s-none', 'a-1', 's-late', 'a-2', 's-early']);
    expect(await list(owner, '?status=ended&order=updated_desc')).toEqual(['e-new', 'e-old']);
    expect(await list(owner, '?status=active,active&limit=1&order=updated_desc')).toEqual(['a-1']);
  });

  it('edits a room: only what is sent, null clears, updated_at moves', async () => {
    const owner = await newUser(api, 'edit');
    const { room } = await ownedRoom(api, owner, { name: 'Draft', scheduled_at: '2030-05-01T09:00:00Z', duration_minutes: 30 });
    // Time under test: updated_at must move, so the edit comes a moment after the creation.
    await sleep(5);
    const edited = await api.call<RoomResponse>(
      'PATCH',
      `/api/rooms/${room.id}`,
      { name: 'Final', scheduled_at: null, source_language: 'de' },
      owner.token,
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      name: 'Final',
      scheduled_at: null,
      source_language: 'de',
      duration_minutes: 30,
      status: 'scheduled',
    });
    expect(Date.parse(edited.body.updated_at)).toBeGreaterThan(Date.parse(room.updated_at));
    const again = await api.call<RoomResponse>('GET', `/api/rooms/${room.id}`, undefined, owner.token);
    expect(again.body).toEqual(edited.body);
  });

  it('duplicates a room as a scheduled copy with the same language and duration, and no schedule', async () => {
    const owner = await newUser(api, 'dup');
    const { room } = await ownedRoom(api, owner, {
      name: 'Taller',
      source_language: 'it',
      duration_minutes: 240,
      scheduled_at: '2030-01-01T08:00:00Z',
    });
    await sql.query(`UPDATE rooms.rooms SET status = 'ended' WHERE id = $1`, [room.id]);
    const copy = await api.call<RoomResponse>('POST', `/api/rooms/${room.id}/duplicate`, undefined, owner.token);
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({
      owner_id: owner.userId,
      name: 'Taller (Copia)',
      status: 'scheduled',
      source_language: 'it',
      duration_minutes: 240,
      scheduled_at: null,
      viewer_link: `${stack.baseUrl}/view/${copy.body.id}`,
    });
    expect(copy.body.id).not.toBe(room.id);
    const evaluations = await sql.query('SELECT 1 FROM rooms.room_evaluations WHERE room_id = $1', [copy.body.id]);
    expect(evaluations.rowCount).toBe(1);
    // The copy is hosted with the owner's session: no host key was ever handed out for it.
    const host = await joined(stack.baseUrl, { roomId: copy.body.id, role: 'host', accessToken: owner.token }, clients);
    expect(host.of('joined')[0]).toMatchObject({ role: 'host', room: { name: 'Taller (Copia)' } });
  });

  it('starts and ends a room from the dashboard: status, updated_at, and room_start / room_end to its sockets', async () => {
    const owner = await newUser(api, 'start');
    const { room } = await ownedRoom(api, owner, { name: 'Live', source_language: 'es' });
    const viewer = await joined(stack.baseUrl, { roomId: room.id, role: 'viewer', lang: 'en' }, clients);
    const host = await joined(stack.baseUrl, { roomId: room.id, role: 'host', accessToken: owner.token }, clients);

    const started = await api.call<RoomResponse>('POST', `/api/rooms/${room.id}/start`, undefined, owner.token);
    expect(started.body).toMatchObject({ status: 'active' });
    expect(Date.parse(started.body.updated_at)).toBeGreaterThan(Date.parse(room.updated_at));
    await viewer.waitFor((c) => c.of('room_start').length === 1, 5000, 'room_start');
    await host.waitFor((c) => c.of('room_start').length === 1, 5000, 'room_start to the host');
    expect(viewer.of('room_start')[0]).toMatchObject({ roomId: room.id, sourceLanguage: 'es', timestamp: started.body.updated_at });

    host.send(transcript('44444444-4444-4444-8444-444444444444', 'Hola'));
    await host.waitFor((c) => c.of('ack').length === 1, 5000, 'ack');

    const ended = await api.call<RoomResponse>('POST', `/api/rooms/${room.id}/end`, undefined, owner.token);
    expect(ended.body.status).toBe('ended');
    await viewer.waitFor((c) => c.of('room_end').length === 1, 5000, 'room_end');
    expect(viewer.open).toBe(true);
    expect((await api.call<RoomResponse>('GET', `/api/rooms/${room.id}`, undefined, owner.token)).body.status).toBe('ended');
    expect(await list(owner, '?status=ended&order=updated_desc')).toEqual(['Live']);
  });

  it('lets a signed-in user claim an anonymous room with its host key, and nothing else', async () => {
    const claimer = await newUser(api, 'claim');
    const rival = await newUser(api, 'rival');
    const { room, hostKey } = await createRoom(stack.baseUrl, 'Made anonymously');
    const wrongKey = hostKey.slice(0, -2) + (hostKey.endsWith('AA') ? 'BB' : 'AA');
    expect((await api.call('POST', `/api/rooms/${room.id}/claim`, { hostKey: wrongKey }, claimer.token)).status).toBe(404);
    expect((await api.call('POST', '/api/rooms/8a6f2a0e-7a43-4d2c-9f57-1c1f1b0f9b11/claim', { hostKey }, claimer.token)).status).toBe(404);

    const claimed = await api.call<RoomResponse>('POST', `/api/rooms/${room.id}/claim`, { hostKey }, claimer.token);
    expect(claimed.status).toBe(200);
    expect(claimed.body).toMatchObject({ id: room.id, owner_id: claimer.userId, name: 'Made anonymously' });
    expect(await list(claimer, '')).toEqual(['Made anonymously']);
    // Once owned it is never claimed again, with the key or by its owner.
    expect((await api.call('POST', `/api/rooms/${room.id}/claim`, { hostKey }, rival.token)).status).toBe(404);
    expect((await api.call('POST', `/api/rooms/${room.id}/claim`, { hostKey }, claimer.token)).status).toBe(404);
    expect((await api.call('GET', `/api/rooms/${room.id}`, undefined, rival.token)).status).toBe(404);
    // The key still hosts the room it was made for.
    const host = await joined(stack.baseUrl, { roomId: room.id, role: 'host', hostKey }, clients);
    expect(host.of('joined')).toHaveLength(1);
  });

  describe('hosting with the session alone', () => {
    it("admits the owner's token without a host key as host, and it may start the room and speak", async () => {
      const owner = await newUser(api, 'host');
      const { room } = await ownedRoom(api, owner, { name: 'By session' });
      const host = await joined(stack.baseUrl, { roomId: room.id, role: 'host', accessToken: owner.token }, clients);
      expect(host.of('joined')[0]).toMatchObject({ role: 'host', roomId: room.id });
      host.send({ type: 'room_start', sourceLanguage: 'es' });
      host.send(transcript('55555555-5555-4555-8555-555555555555', 'Hablo sin clave'));
      await host.waitFor((c) => c.of('ack').length === 1, 5000, 'ack');
      expect(host.of('error')).toEqual([]);
    });

    it("refuses another user's token, a missing one, and a bad one; the host key keeps working for an owned room", async () => {
      const owner = await newUser(api, 'keyed');
      const stranger = await newUser(api, 'stranger');
      const { room, hostKey } = await ownedRoom(api, owner, { name: 'Guarded' });
      for (const join of [
        { roomId: room.id, role: 'host', accessToken: stranger.token },
        { roomId: room.id, role: 'host' },
        { roomId: room.id, role: 'host', accessToken: 'not-a-token' },
      ]) {
        const refused = await joined(stack.baseUrl, join, clients);
        expect(typesOf(refused)).toEqual(['error']);
        expect(refused.of('error')[0].code).toBe('invalid_host_key');
        // Refused, the socket has joined nothing: what a host would send is refused too.
        refused.send({ type: 'room_start' });
        await refused.waitFor((c) => c.of('error').length === 2, 5000, 'second error');
        expect(refused.of('error')[1].code).toBe('not_joined');
      }
      const anonymous = await createRoom(stack.baseUrl, 'Nobody owns it');
      const noOwner = await joined(stack.baseUrl, { roomId: anonymous.room.id, role: 'host', accessToken: owner.token }, clients);
      expect(noOwner.of('error')[0]?.code).toBe('invalid_host_key');

      const byKey = await joined(stack.baseUrl, { roomId: room.id, role: 'host', hostKey }, clients);
      expect(byKey.of('joined')[0]).toMatchObject({ role: 'host' });
    });

    it("never lets a viewer host, even with the owner's token and the host key", async () => {
      const owner = await newUser(api, 'viewer');
      const { room, hostKey } = await ownedRoom(api, owner, { name: 'Watched' });
      const viewer = await joined(
        stack.baseUrl,
        { roomId: room.id, role: 'viewer', lang: 'en', accessToken: owner.token, hostKey },
        clients,
      );
      expect(viewer.of('joined')[0]).toMatchObject({ role: 'viewer' });
      viewer.send({ type: 'room_start', sourceLanguage: 'es' });
      viewer.send(transcript('66666666-6666-4666-8666-666666666666', 'No puedo hablar'));
      await viewer.waitFor((c) => c.of('error').length === 2, 5000, 'two refusals');
      expect(viewer.of('error').map((e) => e.code)).toEqual(['forbidden', 'forbidden']);
      expect((await api.call<RoomResponse>('GET', `/api/rooms/${room.id}`, undefined, owner.token)).body.status).toBe('scheduled');
    });
  });
});
