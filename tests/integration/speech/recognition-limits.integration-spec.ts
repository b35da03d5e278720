import type { Client } from 'pg';
import { LiveErrorCode, ROOMS_SUBJECTS, type JoinedFrame } from '@lt/contracts';
import { AudioClient, eventually, LiveClient, sentenceByPitch, sentencesAudio, type FakeAsrServer } from '@lt/testing';
import type { Stack } from '../../support/stack';
import { deepgramOf, describeAsrStack } from '../asr-stack';
import { authApi } from '../auth-api';
import { joined, newUser, ownedRoom, type Api } from '../dashboard-api';
import { MODES } from '../helpers';

jest.setTimeout(90_000);

const SENTENCES = [
  'Buenos días a todos.',
  'Hoy hablamos del presupuesto.',
  'Las preguntas van al final.',
  'Primero, las cifras.',
  'Después, los planes.',
  'Luego, las dudas.',
  'Por último, el calendario.',
  'Gracias por venir.',
];

/**
 * Where server recognition stops by itself: the room's quota is spent (at the start, or while it streams),
 * and a stream that sends nothing for ASR_STREAM_IDLE_MS. Through the stack, against a fake Deepgram.
 */
describe.each(MODES)('server recognition stops (%s mode)', (mode) => {
  const clients: { close(): void }[] = [];
  // Declared before the stack's hooks: the sockets close before the stack does.
  afterAll(() => clients.forEach((c) => c.close()));
  const suite = describeAsrStack(mode, {
    fake: { apiKey: 'asr-key', words: sentenceByPitch(SENTENCES) },
    asr: (f) => deepgramOf(f, { ASR_LEASE_MS: '1500', ASR_STREAM_IDLE_MS: '2000' }),
  });
  let stack: Stack;
  let fake: FakeAsrServer;
  let api: Api;
  let sql: Client;

  beforeAll(async () => {
    ({ stack, fake } = suite);
    api = authApi(stack.baseUrl);
    sql = await suite.sql();
  });

  /** An owned room, started, its owner on the host page; the audio socket not yet open. */
  async function ownedLiveRoom(tag: string) {
    const owner = await newUser(api, tag);
    const { room } = await ownedRoom(api, owner);
    const live: LiveClient[] = [];
    const host = await joined(stack.baseUrl, { roomId: room.id, role: 'host', accessToken: owner.token }, live);
    clients.push(...live);
    host.send({ type: 'room_start', sourceLanguage: 'es' });
    await host.waitFor((c) => c.of('room_start').length === 1, 5000, 'room_start');
    const sampleRate = (host.of('joined')[0] as unknown as JoinedFrame).serverRecognition?.sampleRate ?? 0;
    expect(sampleRate).toBe(16000);
    const streamId = crypto.randomUUID();
    const openAudio = async () => {
      const audio = await AudioClient.start(stack.baseUrl, {
        roomId: room.id,
        role: 'host',
        accessToken: owner.token,
        streamId,
        sourceLanguage: 'es',
        sampleRate,
      });
      clients.push(audio);
      return audio;
    };
    return { owner, roomId: room.id, host, streamId, openAudio };
  }

  const setQuota = (userId: string, quota: number) =>
    sql.query(`UPDATE accounts.profiles SET token_quota = $2 WHERE id = $1`, [userId, quota]);
  const lease = async (streamId: string) =>
    (await sql.query(`SELECT holder, stopped, expires_at < now() AS lapsed FROM asr.stream_leases WHERE stream_id = $1`, [streamId]))
      .rows[0];

  it('refuses to open a stream when the room owner’s quota is spent, and says so', async () => {
    const { owner, openAudio, streamId } = await ownedLiveRoom('asr-spent');
    await setQuota(owner.userId, 0);
    const sessionsBefore = fake.sessions.length;
    const audio = await openAudio();
    expect(audio.of('audio_ready')).toHaveLength(0);
    expect(audio.of('error')[0]).toMatchObject({ code: LiveErrorCode.RecognitionQuotaExhausted, message: expect.stringMatching(/quota/i) });
    await audio.waitFor((c) => c.closed !== null, 5000, 'the socket closed');
    // Nothing reached the provider, and no replica took the stream.
    expect(fake.sessions.length).toBe(sessionsBefore);
    expect(await lease(streamId)).toBeUndefined();
  });

  it('stops a stream when the quota is spent while it streams: the page is told, the provider session ends, the lease goes', async () => {
    const { owner, roomId, host, openAudio, streamId } = await ownedLiveRoom('asr-spending');
    const audio = await openAudio();
    expect(audio.of('audio_ready')).toHaveLength(1);
    const chunks = sentencesAudio(SENTENCES.length, audio.sampleRate, { speechMs: 900, pauseMs: 800 });
    const streaming = audio.stream(chunks);
    await host.waitFor((c) => c.of('transcript').length >= 1, 15_000, 'the first sentence');
    const session = fake.sessions[fake.sessions.length - 1];
    await setQuota(owner.userId, 0);

    await audio.waitFor((c) => c.of('error').length > 0, 8_000, 'the refusal');
    expect(audio.of('audio_status').some((s) => s.state === 'quota_exhausted')).toBe(true);
    expect(audio.of('error')[0]).toMatchObject({ code: LiveErrorCode.RecognitionQuotaExhausted });
    await audio.waitFor((c) => c.closed !== null, 5000, 'the socket closed');
    await streaming.catch(() => undefined);
    await eventually(() => session.closed !== undefined, 5000);
    expect(session.finished).toBe(true);
    expect(await lease(streamId)).toMatchObject({ stopped: true, lapsed: true });
    // What was said before stays, once each; nothing after the stop is recognised.
    const stored = await stack.bus.request(ROOMS_SUBJECTS.listTranscript, { roomId, limit: 100 });
    expect(stored.length).toBeGreaterThanOrEqual(1);
    expect(stored.length).toBeLessThan(SENTENCES.length);
    expect(stored.map((t) => t.text)).toEqual(SENTENCES.slice(0, stored.length));
  });

  it('stops a stream that gets no audio, releases its lease, and gives it back when its page sends again', async () => {
    const { host, openAudio, streamId } = await ownedLiveRoom('asr-idle');
    const audio = await openAudio();
    const chunks = sentencesAudio(2, audio.sampleRate, { speechMs: 900, pauseMs: 800 });
    await audio.stream(chunks.slice(0, 5));
    await audio.waitFor((c) => c.lastAck >= 4, 5000, 'the first chunks acked');
    const session = fake.sessions[fake.sessions.length - 1];
    expect(await lease(streamId)).toMatchObject({ stopped: false, lapsed: false });

    // Nothing for ASR_STREAM_IDLE_MS (2 s): the stream stops, its provider session ends properly, the lease goes.
    await eventually(async () => (await lease(streamId))?.stopped === true, 8_000);
    await eventually(() => session.closed !== undefined, 5000);
    expect(session.finished).toBe(true);
    expect(audio.closed).toBeNull();

    // The page speaks again: its gateway opens the stream on asr-svc again, and what it says is recognised.
    const sessionsBefore = fake.sessions.length;
    await audio.stream(chunks.slice(5));
    await host.waitFor((c) => c.of('transcript').length >= 2, 20_000, 'both sentences');
    expect(fake.sessions.length).toBeGreaterThan(sessionsBefore);
    expect((await lease(streamId)).stopped).toBe(false);
    await audio.waitFor((c) => c.lastAck >= chunks.length - 1, 10_000, 'every chunk acked');
  });
});
