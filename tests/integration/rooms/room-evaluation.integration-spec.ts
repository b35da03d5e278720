import type { Client } from 'pg';
import type { RoomListResponse, RoomResponse } from '@lt/contracts';
import { eventually } from '@lt/testing';
import { describeStack } from '../../support/describe-stack';
import { authApi } from '../auth-api';
import { newUser, ownedRoom, speak, type Api, type TestUser } from '../dashboard-api';
import { createRoom, MODES } from '../helpers';

jest.setTimeout(30_000);

const at = (second: number) => `2025-05-01T07:31:${String(second).padStart(2, '0')}.000Z`;
const sentence = (n: number, text: string) => ({ id: `88888888-8888-4888-8888-88888888888${n}`, text, at: at(n), confidence: 0.9 });

describe.each(MODES)("a room's evaluation (%s mode)", (mode) => {
  const suite = describeStack({ mode });
  let api: Api;
  let sql: Client;
  let owner: TestUser;

  beforeAll(async () => {
    api = authApi(suite.baseUrl);
    sql = await suite.sql();
    owner = await newUser(api, 'evaluation');
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
    const host = await suite.join({ roomId: room.id, role: 'host', accessToken: owner.token });
    host.send({ type: 'room_start', sourceLanguage: 'es' });
    const viewer = await suite.join({ roomId: room.id, role: 'viewer', lang: 'en' });

    await speak(host, [sentence(1, 'Buenos días')]);
    await viewer.waitFor((c) => c.of('translation').length === 1, 5000, 'first translation');
    // Every attempt at the second fails: its viewers read the original, which is not a translation.
    suite.llm.fail(3);
    await speak(host, [sentence(2, 'Empezamos')]);
    await viewer.waitFor((c) => c.of('translation').length === 2, 10_000, 'fallback');
    expect(viewer.of('translation')[1]).toMatchObject({ fallback: 'original' });
    suite.llm.reset();
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
    const latest = await api.call<RoomListResponse>('GET', '/api/rooms?limit=1', undefined, owner.token);
    // The count is of every room of the owner, not of the page answered.
    expect(latest.body).toMatchObject({ rooms: [expect.anything()], total: body.rooms.length });
    expect(body.total).toBeGreaterThanOrEqual(2);
    expect(body.rooms.find((r) => r.id === silent.id)?.evaluation).toMatchObject({
      total_messages: 0,
      translated_messages: 0,
      success_rate: 100,
    });
    expect(body.rooms.find((r) => r.id === upcoming.id)?.evaluation).toBeNull();
  });

  it('measures a room its host ends with the host key, and counts what the viewers read in the spoken language as not translated', async () => {
    const { room, hostKey } = await createRoom(suite.baseUrl, 'Anonymous');
    const host = await suite.join({ roomId: room.id, role: 'host', hostKey });
    host.send({ type: 'room_start', sourceLanguage: 'es' });
    const viewer = await suite.join({ roomId: room.id, role: 'viewer', lang: 'es' });
    await speak(host, [sentence(4, 'Hola'), sentence(5, 'Adiós')]);
    await viewer.waitFor((c) => c.of('translation').length === 2, 5000, 'spoken-language frames');
    host.send({ type: 'room_end' });
    // The host's end answers no request of its own: wait until the evaluation has moved to the room's end.
    await eventually(async () => (await evaluationRow(room.id))[0].ends_with_room, "the evaluation moved to the room's end");
    expect(await evaluationRow(room.id)).toEqual([
      { total_messages: 2, translated_messages: 0, success_rate: '0.00', ends_with_room: true },
    ]);
  });

  it('still ends a room while translate-svc is down, and leaves its evaluation as it was rather than guess', async () => {
    if (mode !== 'distributed') return;
    const { room } = await ownedRoom(api, owner, { name: 'Unmeasured' });
    await api.call('POST', `/api/rooms/${room.id}/start`, undefined, owner.token);
    await suite.stack.stopService('translate-svc');
    try {
      const ended = await api.call<RoomResponse>('POST', `/api/rooms/${room.id}/end`, undefined, owner.token);
      expect(ended.status).toBe(200);
      expect(ended.body.status).toBe('ended');
    } finally {
      await suite.stack.startService('translate-svc');
    }
    expect(await evaluationRow(room.id)).toEqual([
      { total_messages: 0, translated_messages: 0, success_rate: '100.00', ends_with_room: false },
    ]);
  });
});
