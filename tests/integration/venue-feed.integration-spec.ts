import { Controller } from '@nestjs/common';
import { Client } from 'pg';
import type { FeedStatusFrame, IngestKeyResponse, IngestResponse } from '@lt/contracts';
import { ingestEnvSchema } from '../../libs/asr/src/ingest/ingest.env';
import { FeedIngestController, FeedIngestService } from '../../libs/asr/src/ingest/feed-ingest.service';
import {
  bestCorrelation,
  envelope,
  eventually,
  exited,
  publishSrt,
  RecordingSink,
  speechWav,
  wavPcm,
} from '../../libs/asr/src/ingest/feed-test-support';
import { createTestDatabase, type LiveClient, type TestDatabase } from '@lt/testing';
import { sha256 } from '@lt/platform';
import { startStack, type Stack } from '../support/stack';
import { authApi } from './auth-api';
import { joined, newUser, ownedRoom, type Api, type TestUser } from './dashboard-api';
import { createRoom, MODES } from './helpers';

jest.setTimeout(90_000);

/** The port the ingest listens on in this spec (fixed: the gateway shows it in the addresses). */
const SRT_PORT = 18610;
const RATE = 16_000;

// The ingest's bus handlers as asr-svc serves them, in rooms-svc's process here (the stack has no asr-svc).
let feeds: FeedIngestService | undefined;
const lazyFeeds = {
  get ingest() {
    if (!feeds) throw new Error('the ingest has not started');
    return feeds.ingest;
  },
} as FeedIngestService;
@Controller()
class IngestInStack extends FeedIngestController {
  constructor() {
    super(lazyFeeds);
  }
}

describe.each(MODES)('venue feed over SRT (%s mode)', (mode) => {
  let db: TestDatabase;
  let stack: Stack;
  let api: Api;
  let sql: Client;
  let owner: TestUser;
  let wav: string;
  const sink = new RecordingSink();
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    wav = speechWav('Good morning everyone. Welcome to the conference. Today we talk about live translation.');
    db = await createTestDatabase();
    stack = await startStack({
      mode,
      databaseUrl: db.url,
      llmUrl: null,
      responders: [IngestInStack],
      gatewayEnv: { INGEST_ENABLED: 'true', INGEST_PUBLIC_HOST: '127.0.0.1', INGEST_SRT_PORT: String(SRT_PORT) },
    });
    const env = ingestEnvSchema.parse({
      INGEST_ENABLED: 'true',
      INGEST_HOST: '127.0.0.1',
      INGEST_SRT_PORT: String(SRT_PORT),
      INGEST_SILENT_AFTER_S: '2',
    });
    feeds = new FeedIngestService(stack.bus, env, sink, RATE);
    await feeds.onApplicationBootstrap();
    api = authApi(stack.baseUrl);
    sql = new Client({ connectionString: db.url });
    await sql.connect();
    owner = await newUser(api, 'feed-owner');
  });

  afterAll(async () => {
    clients.forEach((c) => c.close());
    await feeds?.onApplicationShutdown();
    feeds = undefined;
    await sql?.end();
    await stack?.close();
    await db?.drop();
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

  it("takes the room's feed with its key: the sink gets the WAV's audio and the host page the feed's state; a wrong key gets nothing", async () => {
    const { room } = await ownedRoom(api, owner, { name: 'Main stage', source_language: 'en' });
    const { body } = await rotate(room.id);
    const host = await joined(stack.baseUrl, { roomId: room.id, role: 'host', accessToken: owner.token }, clients);

    const wrong = publishSrt(wav, SRT_PORT, `${body.key.slice(0, 31)}x`);
    expect(await exited(wrong)).not.toBe(0);
    expect(sink.opened.filter((o) => o.roomId === room.id)).toEqual([]);

    expect(await exited(publishSrt(wav, SRT_PORT, body.key))).toBe(0);
    const opened = await eventually(() => sink.opened.find((o) => o.roomId === room.id));
    expect(opened).toMatchObject({ source: 'feed', sourceLanguage: 'en', sampleRate: RATE });
    await eventually(() => sink.stopped.includes(opened.streamId));
    const sent = envelope(wavPcm(wav, RATE), RATE, 50);
    expect(bestCorrelation(sent, envelope(sink.pcm(opened.streamId), RATE, 50), 20).r).toBeGreaterThan(0.9);

    await host.waitFor((c) => c.frames.some((f) => f.type === 'feed_status' && f.state === 'lost'), 10_000, 'feed lost');
    const states = host.frames.filter((f): f is FeedStatusFrame => f.type === 'feed_status');
    expect(states[0]).toMatchObject({ roomId: room.id, state: 'receiving', level: null });
    const levels = states.filter((s) => s.state === 'receiving' && s.level !== null).map((s) => s.level ?? -90);
    expect(Math.max(...levels)).toBeGreaterThan(-40);
    expect((await ingestOf(room.id)).body.feed).toEqual({ state: 'lost', level: null, silentForS: null });
  });

  it('cuts the publisher within a second when the key is rotated; the old key opens nothing after', async () => {
    const { room } = await ownedRoom(api, owner, { name: 'Side room' });
    const { body: first } = await rotate(room.id);
    const publisher = publishSrt(wav, SRT_PORT, first.key, ['-stream_loop', '-1']);
    const opened = await eventually(() => sink.opened.find((o) => o.roomId === room.id));
    await eventually(() => sink.chunks.filter((c) => c.streamId === opened.streamId).length >= 10);

    const rotatedAt = Date.now();
    expect((await rotate(room.id)).status).toBe(200);
    await eventually(() => sink.stopped.includes(opened.streamId));
    expect(Date.now() - rotatedAt).toBeLessThan(1000);
    const taken = sink.chunks.filter((c) => c.streamId === opened.streamId).length;
    await new Promise((r) => setTimeout(r, 500));
    expect(sink.chunks.filter((c) => c.streamId === opened.streamId)).toHaveLength(taken);
    publisher.kill('SIGKILL');

    expect(await exited(publishSrt(wav, SRT_PORT, first.key))).not.toBe(0);
    expect(sink.opened.filter((o) => o.roomId === room.id)).toHaveLength(1);
  });
});
