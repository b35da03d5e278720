import { Client } from 'pg';
import type { RoomListResponse, RoomResponse } from '@lt/contracts';
import { createTestDatabase, FakeOpenAiServer, type LiveClient, type TestDatabase } from '@lt/testing';
import { startStack, type Stack } from '../support/stack';
import { authApi } from './auth-api';
import { joined, newUser, ownedRoom, speak, type Api, type TestUser } from './dashboard-api';
import { createRoom, MODES, sleep } from './helpers';

jest.setTimeout(30_000);

const at = (second: number) => `2025-05-01T07:31:${String(second).padStart(2, '0')}.000Z`;
const sentence = (n: number, text: string) => ({ id: `88888888-8888-4888-8888-88888888888${n}`, text, at: at(n), confidence: 0.9 });

describe.each(MODES)("a room's evaluation (%s mode)", (mode) => {
  let db: TestDatabase;
  let llm: FakeOpenAiServer;
  let stack: Stack;
  let api: Api;
  let sql: Client;
  let owner: TestUser;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    llm = new FakeOpenAiServer();
    await llm.start();
    stack = await startStack({ mode, databaseUrl: db.url, llmUrl: llm.url });
    api = authApi(stack.baseUrl);
    sql = new Client({ connectionString: db.url });
    await sql.connect();
    owner = await newUser(api, 'evaluation');
  });

  afterAll(async () => {
    clients.forEach((c) => c.close());
    await sql?.end();
    await stack?.close();
    await llm?.stop();
    await db?.drop();
  });

  const evaluationRow = async (roomId: string) =>
    (
      await sql.query(
        `SELECT e.total_messages, e.translated_messages, e.success_rate, e.end_time = r.updated_at AS ends_with_room
         FROM rooms.room_evaluations e JOIN rooms.rooms r ON r.id = e.room_id WHERE e.room_id = $1`,
        [roomId],
      )
    ).rows;

  it("holds the room's real totals once it ends, and the owner's history list shows them", async () => {
    const { room } = await ownedRoom(api, owner, { name: 'Measured', source_language: 'es' });
    const host = await joined(stack.baseUrl, { roomId: room.id, role: 'host', accessToken: owner.token }, clients);
    host.send({ type: 'room_start', sourceLanguage: 'es' });
    const viewer = await joined(stack.baseUrl, { roomId: room.id, role: 'viewer', lang: 'en' }, clients);

    await speak(host, [sentence(1, 'Buenos días')]);
    await viewer.waitFor((c) => c.of('translation').length === 1, 5000, 'first translation');
    // Every attempt at the second fails: its viewers read the original, which is not a translation.
    llm.fail(3);
    await speak(host, [sentence(2, 'Empezamos')]);
    await viewer.waitFor((c) => c.of('translation').length === 2, 10_000, 'fallback');
    expect(viewer.of('translation')[1]).toMatchObject({ fallback: 'original' });
    llm.reset();
    await speak(host, [sentence(3, 'Gracias')]);
    await viewer.waitFor((c) => c.of('translation').length === 3, 5000, 'third translation');

    // Before the end the evaluation is still the one made with the room.
    expect(await evaluationRow(room.id)).toEqual([
      { total_messages: 0, translated_messages: 0, success_rate: '100.00', ends_with_room: false },
    ]);
    const ended = await api.call<RoomResponse>('POST', `/api/rooms/${room.id}/end`, undefined, owner.token);
    expect(ended.status).toBe(200);
    expect(await evaluationRow(room.id)).toEqual([
      { total_messages: 3, translated_messages: 2, success_rate: '66.67', ends_with_room: true },
    ]);

    const history = await api.call<RoomListResponse>('GET', '/api/rooms?status=ended', undefined, owner.token);
    expect(history.body.rooms.find((r) => r.id === room.id)?.evaluation).toEqual({
      start_time: room.created_at,
      end_time: ended.body.updated_at,
      total_messages: 3,
      translated_messages: 2,
      success_rate: 66.67,
    });
  });

  it('scores a room where nothing was said 100, and gives no evaluation to a room that has not ended', async () => {
    const { room: silent } = await ownedRoom(api, owner, { name: 'Silent' });
    const { room: upcoming } = await ownedRoom(api, owner, { name: 'Upcoming' });
    await api.call('POST', `/api/rooms/${silent.id}/start`, undefined, owner.token);
    await api.call('POST', `/api/rooms/${silent.id}/end`, undefined, owner.token);
    expect(await evaluationRow(silent.id)).toEqual([
      { total_messages: 0, translated_messages: 0, success_rate: '100.00', ends_with_room: true },
    ]);
    const { body } = await api.call<RoomListResponse>('GET', '/api/rooms', undefined, owner.token);
    expect(body.rooms.find((r) => r.id === silent.id)?.evaluation).toMatchObject({
      total_messages: 0,
      translated_messages: 0,
      success_rate: 100,
    });
    expect(body.rooms.find((r) => r.id === upcoming.id)?.evaluation).toBeNull();
  });

  it('measures a room its host ends with the host key, and counts what the viewers read in the spoken language as not translated', async () => {
    const { room, hostKey } = await createRoom(stack.baseUrl, 'Anonymous');
    const host = await joined(stack.baseUrl, { roomId: room.id, role: 'host', hostKey }, clients);
    host.send({ type: 'room_start', sourceLanguage: 'es' });
    const viewer = await joined(stack.baseUrl, { roomId: room.id, role: 'viewer', lang: 'es' }, clients);
    await speak(host, [sentence(4, 'Hola'), sentence(5, 'Adiós')]);
    await viewer.waitFor((c) => c.of('translation').length === 2, 5000, 'spoken-language frames');
    host.send({ type: 'room_end' });
    // The host's end answers no request of its own: wait until the evaluation has moved to the room's end.
    for (let i = 0; i < 50 && !(await evaluationRow(room.id))[0].ends_with_room; i++) await sleep(100);
    expect(await evaluationRow(room.id)).toEqual([
      { total_messages: 2, translated_messages: 0, success_rate: '0.00', ends_with_room: true },
    ]);
  });

  it('still ends a room while translate-svc is down, and leaves its evaluation as it was rather than guess', async () => {
    if (mode !== 'distributed') return;
    const { room } = await ownedRoom(api, owner, { name: 'Unmeasured' });
    await api.call('POST', `/api/rooms/${room.id}/start`, undefined, owner.token);
    await stack.stopService('translate-svc');
    try {
      const ended = await api.call<RoomResponse>('POST', `/api/rooms/${room.id}/end`, undefined, owner.token);
      expect(ended.status).toBe(200);
      expect(ended.body.status).toBe('ended');
    } finally {
      await stack.startService('translate-svc');
    }
    expect(await evaluationRow(room.id)).toEqual([
      { total_messages: 0, translated_messages: 0, success_rate: '100.00', ends_with_room: false },
    ]);
  });
});
