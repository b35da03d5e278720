import type { Client } from 'pg';
import type { FeedStatusFrame, IngestKeyResponse, IngestResponse } from '@lt/contracts';
import { eventually, exited, publishRtmp, speechWav } from '@lt/testing';
import type { FakeAsrServer, LiveClient } from '@lt/testing';
import type { Stack } from '../../support/stack';
import { describeFeedStack } from '../asr-stack';
import { authApi } from '../auth-api';
import { joined, newUser, ownedRoom, type Api, type TestUser } from '../dashboard-api';
import { MODES } from '../helpers';

jest.setTimeout(120_000);

/** The ports asr-svc's ingest listens on in this spec (fixed: the gateway shows them in the addresses). */
const SRT_PORT = 18620;
const RTMP_PORT = 18621;
const PORTS = { INGEST_SRT_PORT: String(SRT_PORT), INGEST_RTMP_PORT: String(RTMP_PORT) };
const SAID = 'Good morning everyone and welcome to the conference.';

const feedStates = (host: LiveClient) => host.frames.filter((f): f is FeedStatusFrame => f.type === 'feed_status');

/** The venue feed over RTMP, as OBS sends it (FLV, AAC, the stream key as the stream name), through the stack. */
describe.each(MODES)('venue feed over RTMP (%s mode)', (mode) => {
  const feed = describeFeedStack(mode, SAID, PORTS, { ASR_STREAM_IDLE_MS: '2500' });
  const { clients } = feed;
  let stack: Stack;
  let api: Api;
  let owner: TestUser;
  let sql: Client;
  let wav: string;
  let asr: FakeAsrServer;

  beforeAll(async () => {
    wav = speechWav(SAID);
    ({ stack, fake: asr } = feed);
    api = authApi(stack.baseUrl);
    sql = await feed.sql();
    owner = await newUser(api, 'rtmp-owner');
  });

  const ingestOf = (roomId: string) => api.call<IngestResponse>('GET', `/api/rooms/${roomId}/ingest`, undefined, owner.token);
  const rotate = (roomId: string) => api.call<IngestKeyResponse>('POST', `/api/rooms/${roomId}/ingest/rotate`, undefined, owner.token);
  const setQuota = (quota: number) => sql.query(`UPDATE accounts.profiles SET token_quota = $2 WHERE id = $1`, [owner.userId, quota]);

  /** An owned room with a stream key, started, its owner on the host page. */
  async function liveRoom(name: string) {
    const { room } = await ownedRoom(api, owner, { name, source_language: 'en' });
    const { body } = await rotate(room.id);
    const host = await joined(stack.baseUrl, { roomId: room.id, role: 'host', accessToken: owner.token }, clients);
    host.send({ type: 'room_start', sourceLanguage: 'en' });
    await host.waitFor((c) => c.of('room_start').length === 1, 5000, 'room_start');
    return { roomId: room.id, key: body.key, made: body, host };
  }

  it('shows the RTMP address beside SRT, and the full URL with the key when it is made', async () => {
    const { roomId, key, made } = await liveRoom('Addresses');
    expect(made.rtmp_address).toBe(`rtmp://127.0.0.1:${RTMP_PORT}/live`);
    expect(made.rtmp_url).toBe(`rtmp://127.0.0.1:${RTMP_PORT}/live/${key}`);
    expect((await ingestOf(roomId)).body).toMatchObject({
      srt_address: `srt://127.0.0.1:${SRT_PORT}`,
      rtmp_address: `rtmp://127.0.0.1:${RTMP_PORT}/live`,
    });
  });

  it("stores the feed's words with the room's key; a wrong key is refused before any audio", async () => {
    const { key, host } = await liveRoom('Main stage');
    const sessionsBefore = asr.sessions.length;
    expect(await exited(publishRtmp(wav, RTMP_PORT, `${key.slice(0, 31)}${key.endsWith('x') ? 'y' : 'x'}`))).not.toBe(0);
    expect(asr.sessions).toHaveLength(sessionsBefore);
    expect(feedStates(host)).toEqual([]);

    expect(await exited(publishRtmp(wav, RTMP_PORT, key))).toBe(0);
    await host.waitFor((c) => c.of('transcript').some((t) => (t as { text: string }).text === SAID), 20_000, 'the feed stored');
    expect(asr.sessions[sessionsBefore].sampleRate).toBe(16_000);
    await host.waitFor(() => feedStates(host).some((f) => f.state === 'lost'), 10_000, 'feed lost');
    expect(Math.max(...feedStates(host).map((f) => f.level ?? -90))).toBeGreaterThan(-40);
  });

  it('cuts the publisher within a second when the key is rotated; the old key opens nothing after', async () => {
    const { roomId, key, host } = await liveRoom('Side room');
    const publisher = publishRtmp(wav, RTMP_PORT, key, ['-stream_loop', '-1']);
    await host.waitFor(() => feedStates(host).some((f) => f.level !== null), 15_000, 'audio arriving');
    const sessions = asr.sessions.length;
    const rotatedAt = Date.now();
    expect((await rotate(roomId)).status).toBe(200);
    await host.waitFor(() => feedStates(host).some((f) => f.state === 'lost'), 5000, 'feed cut');
    expect(Date.now() - rotatedAt).toBeLessThan(1000);
    expect(await exited(publisher)).not.toBe(0);
    expect(await exited(publishRtmp(wav, RTMP_PORT, key))).not.toBe(0);
    expect(asr.sessions).toHaveLength(sessions);
  });

  it("disconnects a feed when the room's quota is spent, says so, refuses it while spent and takes it again after", async () => {
    const { roomId, key, host } = await liveRoom('Quota hall');
    const publisher = publishRtmp(wav, RTMP_PORT, key, ['-stream_loop', '-1']);
    await host.waitFor(() => feedStates(host).some((f) => f.level !== null), 15_000, 'audio arriving');
    await setQuota(0);
    await host.waitFor(() => feedStates(host).some((f) => f.state === 'stopped'), 10_000, 'feed stopped');
    expect(feedStates(host).at(-1)).toMatchObject({ state: 'stopped', reason: 'quota', level: null });
    expect(await exited(publisher)).not.toBe(0);
    // The encoder tries again: refused while the quota is spent, and the host page still says why.
    expect(await exited(publishRtmp(wav, RTMP_PORT, key))).not.toBe(0);
    expect((await ingestOf(roomId)).body.feed).toMatchObject({ state: 'stopped', reason: 'quota' });

    await setQuota(1_000_000);
    const stored = host.of('transcript').length;
    await eventually(async () => (await exited(publishRtmp(wav, RTMP_PORT, key))) === 0, 30_000);
    await host.waitFor((c) => c.of('transcript').length > stored, 20_000, 'the feed stored again');
    expect(feedStates(host).some((f, i, all) => f.state === 'receiving' && all[i - 1]?.state === 'stopped')).toBe(true);
  });

  it('disconnects a feed that sends no audio for ASR_STREAM_IDLE_MS, says so, and takes the encoder again', async () => {
    const { key, host } = await liveRoom('Idle hall');
    const publisher = publishRtmp(wav, RTMP_PORT, key, ['-stream_loop', '-1']);
    await host.waitFor(() => feedStates(host).some((f) => f.level !== null), 15_000, 'audio arriving');
    // The encoder hangs with its connection open: nothing more arrives.
    publisher.kill('SIGSTOP');
    await host.waitFor(() => feedStates(host).some((f) => f.state === 'stopped'), 10_000, 'feed stopped');
    expect(feedStates(host).at(-1)).toMatchObject({ state: 'stopped', reason: 'idle' });
    publisher.kill('SIGCONT');
    expect(await exited(publisher)).not.toBe(0);

    const stored = host.of('transcript').length;
    expect(await exited(publishRtmp(wav, RTMP_PORT, key))).toBe(0);
    await host.waitFor((c) => c.of('transcript').length > stored, 20_000, 'the feed stored again');
  });
});
