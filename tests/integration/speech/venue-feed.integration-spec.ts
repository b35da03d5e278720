import type { Client } from 'pg';
import type { FeedStatusFrame, IngestKeyResponse, IngestResponse } from '@lt/contracts';
import { eventually, exited, publishSrt, speechWav } from '@lt/testing';
import type { FakeAsrServer } from '@lt/testing';
import { sha256 } from '@lt/platform';
import type { Stack } from '../../support/stack';
import { describeFeedStack } from '../asr-stack';
import { authApi } from '../auth-api';
import { joined, newUser, ownedRoom, type Api, type TestUser } from '../dashboard-api';
import { createRoom, MODES } from '../helpers';

jest.setTimeout(90_000);

/** The port asr-svc's ingest listens on in this spec (fixed: the gateway shows it in the addresses). */
const SRT_PORT = 18610;
/** Deepgram's rate: what the ingest decodes to for it. */
const RATE = 16_000;
const SAID = 'Good morning everyone and welcome to the conference.';

describe.each(MODES)('venue feed over SRT (%s mode)', (mode) => {
  const feed = describeFeedStack(mode, SAID, { INGEST_SRT_PORT: String(SRT_PORT), INGEST_RTMP_PORT: '0' });
  const { clients } = feed;
  let stack: Stack;
  let api: Api;
  let sql: Client;
  let owner: TestUser;
  let wav: string;
  let asr: FakeAsrServer;

  beforeAll(async () => {
    wav = speechWav(SAID);
    ({ stack, fake: asr } = feed);
    api = authApi(stack.baseUrl);
    sql = await feed.sql();
    owner = await newUser(api, 'feed-owner');
  });

  const ingestOf = (roomId: string, token = owner.token) =>
    api.call<IngestResponse>('GET', `/api/rooms/${roomId}/ingest`, undefined, token);
  const rotate = (roomId: string, token = owner.token) =>
    api.call<IngestKeyResponse>('POST', `/api/rooms/${roomId}/ingest/rotate`, undefined, token);

  it('shows the owner and host-key holders the address; the key only when made, and stores only its hash', async () => {
    const { room } = await ownedRoom(api, owner, { name: 'Keynote hall' });
    const before = await ingestOf(room.id);
    expect([before.status, before.body]).toEqual([
      200,
      {
        room_id: room.id,
        enabled: true,
        has_key: false,
        key_created_at: null,
        srt_address: `srt://127.0.0.1:${SRT_PORT}`,
        rtmp_address: null,
        feed: { state: 'waiting', level: null, silentForS: null },
      },
    ]);
    const made = await rotate(room.id);
    expect(made.status).toBe(200);
    expect(made.body.key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(made.body.srt_url).toBe(`srt://127.0.0.1:${SRT_PORT}?streamid=${made.body.key}`);
    const stored = await sql.query('SELECT key_hash FROM rooms.room_ingest_keys WHERE room_id = $1', [room.id]);
    expect(stored.rows).toEqual([{ key_hash: sha256(made.body.key) }]);
    const after = await ingestOf(room.id);
    expect(after.body).toMatchObject({ has_key: true, key_created_at: made.body.key_created_at });
    expect(JSON.stringify(after.body)).not.toContain(made.body.key);

    const stranger = await newUser(api, 'feed-stranger');
    expect((await ingestOf(room.id, stranger.token)).status).toBe(404);
    expect((await rotate(room.id, stranger.token)).status).toBe(404);
    const anonymous = await createRoom(stack.baseUrl, 'Walk-in');
    const path = `/api/rooms/${anonymous.room.id}/ingest`;
    const withKey = (hostKey: string) => api.send<IngestKeyResponse>('POST', `${path}/rotate`, { headers: { 'x-host-key': hostKey } });
    expect((await withKey(anonymous.hostKey)).status).toBe(200);
    expect((await withKey('x'.repeat(43))).status).toBe(403);
  });

  it("takes the room's feed with its key into a provider session at the provider's rate, and tells the host its state; a wrong key gets nothing", async () => {
    const { room } = await ownedRoom(api, owner, { name: 'Main stage', source_language: 'en' });
    const { body } = await rotate(room.id);
    const host = await joined(stack.baseUrl, { roomId: room.id, role: 'host', accessToken: owner.token }, clients);
    host.send({ type: 'room_start', sourceLanguage: 'en' });
    await host.waitFor((c) => c.of('room_start').length === 1, 5000, 'room_start');
    const viewer = await joined(stack.baseUrl, { roomId: room.id, role: 'viewer', lang: 'fr' }, clients);
    const sessionsBefore = asr.sessions.length;

    const wrong = publishSrt(wav, SRT_PORT, `${body.key.slice(0, 31)}${body.key.endsWith('x') ? 'y' : 'x'}`);
    expect(await exited(wrong)).not.toBe(0);
    expect(asr.sessions).toHaveLength(sessionsBefore);
    expect(host.frames.filter((f) => f.type === 'feed_status')).toEqual([]);

    expect(await exited(publishSrt(wav, SRT_PORT, body.key))).toBe(0);
    const session = await eventually(() => asr.sessions[sessionsBefore]);
    expect(session.sampleRate).toBe(RATE);
    expect(session.query.language).toEqual(['en']);
    // What the feed said is stored once as the room's sentence, and a French viewer reads its translation.
    await host.waitFor((c) => c.of('transcript').some((t) => (t as { text: string }).text === SAID), 20_000, 'the feed stored');
    await viewer.waitFor((c) => c.of('translation').length >= 1, 15_000, 'the French translation');
    expect(viewer.of('translation')[0]).toMatchObject({ lang: 'fr', sourceLanguage: 'en' });
    expect((viewer.of('translation')[0] as { text: string }).text).toContain(SAID.split(' ')[0]);

    await host.waitFor((c) => c.frames.some((f) => f.type === 'feed_status' && f.state === 'lost'), 10_000, 'feed lost');
    const states = host.frames.filter((f): f is FeedStatusFrame => f.type === 'feed_status');
    expect(states[0]).toMatchObject({ roomId: room.id, state: 'receiving', level: null });
    const levels = states.filter((x) => x.state === 'receiving' && x.level !== null).map((x) => x.level ?? -90);
    expect(Math.max(...levels)).toBeGreaterThan(-40);
    expect((await ingestOf(room.id)).body.feed).toEqual({ state: 'lost', level: null, silentForS: null });
  });

  it('cuts the publisher when the key is rotated; the old key opens nothing after', async () => {
    const { room } = await ownedRoom(api, owner, { name: 'Side room', source_language: 'en' });
    const { body: first } = await rotate(room.id);
    const host = await joined(stack.baseUrl, { roomId: room.id, role: 'host', accessToken: owner.token }, clients);
    const publisher = publishSrt(wav, SRT_PORT, first.key, ['-stream_loop', '-1']);
    await host.waitFor((c) => c.frames.some((f) => f.type === 'feed_status' && f.level !== null), 15_000, 'audio arriving');
    const sessions = asr.sessions.length;

    expect((await rotate(room.id)).status).toBe(200);
    await host.waitFor((c) => c.frames.some((f) => f.type === 'feed_status' && f.state === 'lost'), 5000, 'feed cut');
    // Cut by the product: the publisher, looping its file for good, ends with an error.
    expect(await exited(publisher)).not.toBe(0);

    expect(await exited(publishSrt(wav, SRT_PORT, first.key))).not.toBe(0);
    expect(asr.sessions).toHaveLength(sessions);
  });
});
