import { Client } from 'pg';
import type { OwnedRoom, RoomListResponse, TranscriptResponse } from '@lt/contracts';
import { eventually, FakeGoogleTtsServer } from '@lt/testing';
import { RetentionJob } from '@lt/rooms';
import { describeStack } from '../../support/describe-stack';
import type { Stack } from '../../support/stack';
import { apiContract } from '../api-contract';
import { authApi } from '../auth-api';
import { joined, newUser, ownedRoom, type Api, type TestUser } from '../dashboard-api';
import { MODES, transcript } from '../helpers';
import { rowsHolding } from '../table-search';

jest.setTimeout(60_000);

/** The job runs this often here: a round is over well within a test's wait. */
const JOB_INTERVAL_MS = 250;
const DAY_MS = 86_400_000;

/** What stays of a room whose content went: the room, its evaluation, what it spent, and the record of the purge. */
const KEPT_OF_A_ROOM = [
  'rooms.rooms',
  'rooms.room_evaluations',
  'accounts.token_usage',
  'translate.usage_outbox',
  'tts.usage_outbox',
  // The record that the room's content went, so that nothing of it is stored again.
  'translate.purged_rooms',
  'tts.purged_rooms',
];
/** Where a room's content lives while it is kept. */
const CONTENT_TABLES = ['rooms.message_logs', 'translate.translations', 'translate.enhancements', 'translate.summaries', 'tts.audio'];

describe.each(MODES)('retention of transcripts (%s mode)', (mode) => {
  let google: FakeGoogleTtsServer;
  let stack: Stack;
  let api: Api;
  let sql: Client;
  let owner: TestUser;

  // Declared before the stack's hooks: the speech provider answers before the stack starts.
  beforeAll(async () => {
    google = new FakeGoogleTtsServer();
    await google.start();
  });
  afterAll(() => google?.stop());

  const suite = describeStack(() => ({
    mode,
    rooms: { RETENTION_JOB_INTERVAL_MS: String(JOB_INTERVAL_MS) },
    tts: { TTS_PROVIDER: 'google', GOOGLE_TTS_API_KEY: 'google-test-key', GOOGLE_TTS_URL: google.url },
  }));
  const clients = suite.clients;

  beforeAll(async () => {
    ({ stack } = suite);
    sql = await suite.sql();
    api = authApi(stack.baseUrl);
    owner = await newUser(api, 'retention');
  });

  const history = async (): Promise<OwnedRoom[]> => {
    const res = await api.call<RoomListResponse>('GET', '/api/rooms?status=ended&order=updated_desc&limit=100', undefined, owner.token);
    apiContract.assert('GET', '/api/rooms', res.status, res.body);
    return res.body.rooms;
  };
  const transcriptOf = async (roomId: string) =>
    (await api.call<TranscriptResponse>('GET', `/api/rooms/${roomId}/transcript`, undefined, owner.token)).body.messages;

  /**
   * A room that was live with a French viewer: two sentences (Enhance Mode on), their translations, a summary and
   * the audio of one line. Its words are its name's, so that every row holding them can be found afterwards.
   */
  const liveRoom = async (word: string, form: Record<string, unknown>) => {
    const { room } = await ownedRoom(api, owner, { name: `Room ${word}`, ...form });
    const host = await joined(stack.baseUrl, { roomId: room.id, role: 'host', accessToken: owner.token }, clients);
    const viewer = await joined(stack.baseUrl, { roomId: room.id, role: 'viewer', lang: 'fr' }, clients);
    host.send({ type: 'room_start', sourceLanguage: 'es' });
    await viewer.waitFor((c) => c.of('room_start').length === 1, 5000, 'room_start');
    const at = new Date().toISOString();
    const ids = [crypto.randomUUID(), crypto.randomUUID()];
    host.send(transcript(ids[0], `${word} primero`, { timestamp: at, enhance: true }));
    host.send(transcript(ids[1], `${word} segundo`, { timestamp: at, enhance: true }));
    await host.waitFor((c) => c.of('ack').length === 2, 5000, 'acks');
    await viewer.waitFor((c) => c.of('translation').length === 2, 10_000, 'translations');
    const summary = await fetch(`${stack.baseUrl}/api/rooms/${room.id}/summary`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lang: 'fr' }),
    });
    expect(summary.status).toBe(200);
    const audio = await fetch(`${stack.baseUrl}/api/rooms/${room.id}/messages/${ids[0]}/audio?lang=fr`);
    expect(audio.status).toBe(200);
    return { room, host, viewer, ids };
  };

  const end = async (roomId: string) => {
    const res = await api.call('POST', `/api/rooms/${roomId}/end`, undefined, owner.token);
    expect(res.status).toBe(200);
  };
  /** As if the room had ended that many days ago. */
  const endedDaysAgo = (roomId: string, days: number) =>
    sql.query(`UPDATE rooms.rooms SET ended_at = $2 WHERE id = $1`, [roomId, new Date(Date.now() - days * DAY_MS - 60_000)]);
  /** Two rounds of the retention job: one already under way may have read the rooms before they were due. */
  const jobRounds = async () => {
    const job = (stack.service('rooms-svc') ?? stack.gateways[0].app).get(RetentionJob);
    await job.run();
    await job.run();
  };

  const contentTables = async (word: string) => Object.keys(await rowsHolding(sql, [word]));
  /** Tables holding the room's id, apart from the room's own row and evaluation and its spending. */
  const leftOf = async (roomId: string) => Object.keys(await rowsHolding(sql, [roomId])).filter((table) => !KEPT_OF_A_ROOM.includes(table));

  it('keeps everything by default, however long ago the room ended', async () => {
    const word = `keepword${Date.now()}`;
    const { room } = await liveRoom(word, {});
    expect(room.retention).toBe('keep');
    await end(room.id);
    await endedDaysAgo(room.id, 1000);
    await jobRounds();
    expect(await contentTables(word)).toEqual(expect.arrayContaining(['rooms.message_logs', 'translate.translations']));
    expect(await leftOf(room.id)).toEqual(expect.arrayContaining(CONTENT_TABLES));
    expect(await transcriptOf(room.id)).toHaveLength(2);
    expect((await history()).find((r) => r.id === room.id)).toMatchObject({ retention: 'keep', transcript_deleted_at: null });
  });

  it('stores nothing past the session with `none`: viewers resume within it, and everything goes when it ends', async () => {
    const word = `noneword${Date.now()}`;
    const { room, host } = await liveRoom(word, { retention: 'none' });
    expect(room.retention).toBe('none');
    // Within the session a viewer coming back with `since` gets what it missed.
    const back = await joined(stack.baseUrl, { roomId: room.id, role: 'viewer', lang: 'fr', since: 1 }, clients);
    await back.waitFor((c) => c.of('translation').length === 1, 5000, 'resumed line');
    expect(back.of('translation')[0]).toMatchObject({ seq: 2 });
    expect(await contentTables(word)).toEqual(expect.arrayContaining(['rooms.message_logs', 'translate.translations']));
    expect(await leftOf(room.id)).toEqual(expect.arrayContaining(CONTENT_TABLES));

    host.send({ type: 'room_end' });
    await host.waitFor((c) => c.of('room_end').length === 1, 5000, 'room_end');
    await eventually(async () => (await leftOf(room.id)).length === 0, "the room's content to be deleted at its end");
    expect(await leftOf(room.id)).toEqual([]);
    expect(await rowsHolding(sql, [word, `${word} primero`])).toEqual({ 'rooms.rooms': 1 });
    expect(await transcriptOf(room.id)).toEqual([]);
    const listed = (await history()).find((r) => r.id === room.id);
    expect(listed).toMatchObject({ retention: 'none', evaluation: { total_messages: 2 } });
    expect(listed?.transcript_deleted_at).not.toBeNull();
    // A viewer of the ended room finds nothing to catch up on.
    const late = await joined(stack.baseUrl, { roomId: room.id, role: 'viewer', lang: 'fr', since: 0 }, clients);
    // A socket's frames are handled in order: the answer to a ping sent after the join comes after its catch-up.
    late.send({ type: 'ping' });
    await late.waitFor((c) => c.of('pong').length === 1, 5000, 'pong');
    expect(late.of('translation')).toEqual([]);
  });

  it('deletes content N days after the end: the job takes the rooms that are due and leaves the others', async () => {
    const stamp = Date.now();
    const rooms = {
      due7: await liveRoom(`weekgone${stamp}`, { retention: 'days_7' }),
      notDue7: await liveRoom(`weekkept${stamp}`, { retention: 'days_7' }),
      notDue30: await liveRoom(`monthkept${stamp}`, { retention: 'days_30' }),
      due90: await liveRoom(`quartergone${stamp}`, { retention: 'days_90' }),
    };
    for (const { room } of Object.values(rooms)) await end(room.id);
    await endedDaysAgo(rooms.due7.room.id, 7);
    await endedDaysAgo(rooms.notDue7.room.id, 6);
    await endedDaysAgo(rooms.notDue30.room.id, 29);
    await endedDaysAgo(rooms.due90.room.id, 90);
    await jobRounds();

    for (const due of [rooms.due7, rooms.due90]) {
      expect(await leftOf(due.room.id)).toEqual([]);
      expect(await transcriptOf(due.room.id)).toEqual([]);
    }
    expect(await contentTables(`weekgone${stamp}`)).toEqual(['rooms.rooms']);
    expect(await contentTables(`quartergone${stamp}`)).toEqual(['rooms.rooms']);
    for (const kept of [rooms.notDue7, rooms.notDue30]) {
      expect(await leftOf(kept.room.id)).toEqual(expect.arrayContaining(CONTENT_TABLES));
      expect(await transcriptOf(kept.room.id)).toHaveLength(2);
    }
    const listed = await history();
    expect(listed.find((r) => r.id === rooms.due7.room.id)?.transcript_deleted_at).not.toBeNull();
    expect(listed.find((r) => r.id === rooms.notDue7.room.id)?.transcript_deleted_at).toBeNull();

    // Once due, the one kept so far goes too.
    await endedDaysAgo(rooms.notDue7.room.id, 8);
    await jobRounds();
    expect(await leftOf(rooms.notDue7.room.id)).toEqual([]);
  });

  it('changes with the edit form, and refuses a setting it does not know', async () => {
    const { room } = await ownedRoom(api, owner, { name: 'Edited' });
    const changed = await api.call('PATCH', `/api/rooms/${room.id}`, { retention: 'days_30' }, owner.token);
    apiContract.assert('PATCH', '/api/rooms/{roomId}', changed.status, changed.body);
    expect(changed.body).toMatchObject({ retention: 'days_30' });
    const bad = await api.call('PATCH', `/api/rooms/${room.id}`, { retention: 'days_1' }, owner.token);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { code: 'validation_failed' } });
    const badCreate = await api.call('POST', '/api/rooms', { name: 'Bad', retention: 'forever' }, owner.token);
    expect(badCreate.status).toBe(400);
    const copy = await api.call<{ id: string; retention: string }>('POST', `/api/rooms/${room.id}/duplicate`, undefined, owner.token);
    expect(copy.body.retention).toBe('days_30');
  });
});
