import type { Client } from 'pg';
import { eventually, type FakeOpenAiServer } from '@lt/testing';
import { describeStack } from '../../support/describe-stack';
import type { Stack } from '../../support/stack';
import { authApi } from '../auth-api';
import { fakeSpeechProvider } from '../fake-speech';
import { joined, newUser, ownedRoom, type Api, type TestUser } from '../dashboard-api';
import { MODES, transcript } from '../helpers';
import { rowsHolding } from '../table-search';

jest.setTimeout(90_000);

/** What the model and the speech provider take for the late calls: the room ends and is purged meanwhile. */
const LATE_MS = 2_000;
const FLUSH = '200';
/** What stays of a room whose content went: the room, its evaluation and figures, what it spent, the purge's records. */
const KEPT_OF_A_ROOM = [
  'rooms.rooms',
  'rooms.room_evaluations',
  'rooms.room_minutes',
  'rooms.room_minute_languages',
  'rooms.room_minute_tokens',
  'rooms.room_minute_delays',
  'accounts.token_usage',
  'translate.usage_outbox',
  'tts.usage_outbox',
  'translate.purged_rooms',
  'tts.purged_rooms',
];

/**
 * A room that keeps nothing is purged when it ends; what was still being made then (an improved sentence and its
 * translation, a summary, a line's audio, on any replica) is not stored afterwards, the room's unique viewers go
 * with the rest, and its audience can neither ask nor vote any more.
 */
describe.each(MODES)('retention against late writers (%s mode)', (mode) => {
  let stack: Stack;
  let llm: FakeOpenAiServer;
  let api: Api;
  let sql: Client;
  let owner: TestUser;

  const speech = fakeSpeechProvider();
  const suite = describeStack(() => ({
    mode,
    tts: speech.env({ ANALYTICS_FLUSH_MS: FLUSH }),
    translate: { ANALYTICS_FLUSH_MS: FLUSH },
    rooms: { ANALYTICS_FLUSH_MS: FLUSH },
  }));
  const clients = suite.clients;

  beforeAll(async () => {
    ({ stack, llm } = suite);
    // Two translators: the one that hears the purge request is not always the one still translating.
    if (mode === 'distributed') await stack.startService('translate-svc-2');
    api = authApi(stack.baseUrl);
    sql = await suite.sql();
    owner = await newUser(api, 'late-writes');
  });

  const leftOf = async (roomId: string) => Object.keys(await rowsHolding(sql, [roomId])).filter((table) => !KEPT_OF_A_ROOM.includes(table));
  const viewerCall = (path: string, viewerId: string, body?: unknown) =>
    fetch(`${stack.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-client-id': viewerId },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const count = async (table: string, roomId: string) =>
    (await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE room_id = $1`, [roomId])).rows[0].n;

  it('stores nothing that was still being made when the room ended, keeps no viewers, and takes no more questions', async () => {
    const word = `lateword${Date.now()}`;
    const { room } = await ownedRoom(api, owner, { name: `Room ${word}`, retention: 'none' });
    expect((await api.call('PUT', `/api/rooms/${room.id}/question-settings`, { enabled: true }, owner.token)).status).toBe(200);
    const host = await joined(stack.baseUrl, { roomId: room.id, role: 'host', accessToken: owner.token }, clients);
    const asker = 'viewer-late-0001';
    const voter = 'viewer-late-0002';
    const viewer = await joined(stack.baseUrl, { roomId: room.id, role: 'viewer', lang: 'fr', viewerId: asker }, clients);
    await joined(stack.baseUrl, { roomId: room.id, role: 'viewer', lang: 'fr', viewerId: voter }, clients);
    host.send({ type: 'room_start', sourceLanguage: 'es' });
    await viewer.waitFor((c) => c.of('room_start').length === 1, 5000, 'room_start');
    const first = crypto.randomUUID();
    host.send(transcript(first, `${word} uno`));
    await viewer.waitFor((c) => c.of('translation').length === 1, 10_000, 'first translation');
    const asked = await viewerCall(`/api/view/${room.id}/questions`, asker, { text: `${word} pregunta?`, lang: 'fr' });
    expect(asked.status).toBe(201);
    const question = (await asked.json()) as { id: string };
    await eventually(async () => (await count('rooms.room_viewers', room.id)) >= 2);

    // Late: the line's audio, the summary, and an improved sentence with its translation, all slower than the end.
    speech.server.delay(LATE_MS);
    llm.delayWhen(word, LATE_MS);
    const audio = fetch(`${stack.baseUrl}/api/rooms/${room.id}/messages/${first}/audio?lang=fr`);
    const summary = fetch(`${stack.baseUrl}/api/rooms/${room.id}/summary`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lang: 'fr' }),
    });
    const late = crypto.randomUUID();
    host.send(transcript(late, `${word} dos`, { enhance: true }));
    await host.waitFor((c) => c.of('ack').length === 2, 5000, 'acks');
    await eventually(() => llm.calls.some((c) => c.task === 'summary') && llm.calls.some((c) => c.task === 'enhancement'));

    host.send({ type: 'room_end' });
    await host.waitFor((c) => c.of('room_end').length === 1, 5000, 'room_end');
    await eventually(async () => (await count('rooms.message_logs', room.id)) === 0);

    // After the end: no question, no vote (the viewer page shows `room_ended`).
    const after = await viewerCall(`/api/view/${room.id}/questions`, asker, { text: 'Encore?', lang: 'fr' });
    expect([after.status, ((await after.json()) as { error: { code: string } }).error.code]).toEqual([409, 'room_ended']);
    const vote = await viewerCall(`/api/view/${room.id}/questions/${question.id}/vote`, voter);
    expect([vote.status, ((await vote.json()) as { error: { code: string } }).error.code]).toEqual([409, 'room_ended']);

    // The late calls end: their askers are answered, nothing of them is kept.
    expect((await audio).status).toBe(200);
    expect((await summary).status).toBe(200);
    await viewer.waitFor((c) => c.of('translation').some((f) => f.messageId === late), 15_000, 'late translation');
    await eventually(() => llm.calls.filter((c) => c.prompt.includes(word) && c.tokens !== undefined).length >= 3);
    // A viewer arriving after the purge is not kept either. Arrivals reach rooms-svc in the order viewers join, and are
    // written every FLUSH ms: a viewer of another room, joining next and kept, marks the late one's write done.
    await joined(stack.baseUrl, { roomId: room.id, role: 'viewer', lang: 'de', viewerId: 'viewer-late-0003' }, clients);
    const { room: other } = await ownedRoom(api, owner, { name: 'The next room' });
    await joined(stack.baseUrl, { roomId: other.id, role: 'viewer', lang: 'de', viewerId: 'viewer-late-0004' }, clients);
    await eventually(async () => (await count('rooms.room_viewers', other.id)) === 1, "the next room's viewer kept");

    expect(await leftOf(room.id)).toEqual([]);
    expect(await rowsHolding(sql, [word])).toEqual({ 'rooms.rooms': 1 });
    speech.server.delay(0);
    llm.reset();
  });

  it("keeps only keyed viewer ids of askers and voters, never the browser's own", async () => {
    const { room } = await ownedRoom(api, owner, { name: 'Keyed ids', questions_enabled: true });
    const asker = `asker-${crypto.randomUUID()}`;
    const voter = `voter-${crypto.randomUUID()}`;
    await joined(stack.baseUrl, { roomId: room.id, role: 'viewer', viewerId: asker }, clients);
    await joined(stack.baseUrl, { roomId: room.id, role: 'viewer', viewerId: voter }, clients);
    const asked = await viewerCall(`/api/view/${room.id}/questions`, asker, { text: '¿Quién guarda qué?', lang: 'es' });
    expect(asked.status).toBe(201);
    const { id } = (await asked.json()) as { id: string };
    expect((await viewerCall(`/api/view/${room.id}/questions/${id}/vote`, voter)).status).toBe(200);
    expect((await viewerCall(`/api/view/${room.id}/questions/${id}/vote`, asker)).status).toBe(403);
    expect(await rowsHolding(sql, [asker, voter])).toEqual({});
    const stored = await sql.query<{ viewer_id: string }>(`SELECT viewer_id FROM rooms.questions WHERE id = $1`, [id]);
    expect(stored.rows[0].viewer_id).toMatch(/^[0-9a-f]{32}$/);
  });
});
