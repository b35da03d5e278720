import { ROOMS_SUBJECTS, type JoinedFrame } from '@lt/contracts';
import { AudioStreams } from '@lt/asr';
import { AudioClient, LiveClient, sentenceByPitch, sentencesAudio, type FakeAsrFault, type FakeAsrServer } from '@lt/testing';
import type { Stack } from '../../support/stack';
import { deepgramOf, describeAsrStack } from '../asr-stack';
import { createRoom, MODES } from '../helpers';

jest.setTimeout(90_000);

const SENTENCES = ['Buenos días a todos.', 'Hoy hablamos del presupuesto.', 'Las preguntas van al final.', 'Gracias por venir.'];
const PROVIDERS = ['deepgram', 'openai'] as const;

describe.each(MODES)('speech recognised on the server (%s mode)', (mode) => {
  describe.each(PROVIDERS)('with %s', (provider) => {
    const clients: { close(): void }[] = [];
    // Declared before the stack's hooks: the sockets close before the stack does.
    afterAll(() => clients.forEach((c) => c.close()));
    const suite = describeAsrStack(mode, {
      fake: { apiKey: 'asr-key', words: sentenceByPitch(SENTENCES) },
      asr: (f) => ({
        ...(provider === 'deepgram' ? deepgramOf(f) : { ASR_PROVIDER: 'openai', OPENAI_API_KEY: 'asr-key', ASR_OPENAI_URL: f.openAiUrl }),
        ASR_LEASE_MS: '1500',
      }),
      asrReplicas: mode === 'distributed' ? 2 : 1,
    });
    let fake: FakeAsrServer;
    let stack: Stack;

    beforeAll(() => {
      ({ fake, stack } = suite);
    });

    /** A started room with its host's page and a French viewer, and the host's audio socket ready. */
    async function room() {
      const { room, hostKey } = await createRoom(stack.baseUrl, 'Server recognition');
      const host = await LiveClient.connect(stack.baseUrl);
      const viewer = await LiveClient.connect(stack.baseUrl);
      clients.push(host, viewer);
      host.send({ type: 'join', roomId: room.id, role: 'host', hostKey });
      viewer.send({ type: 'join', roomId: room.id, role: 'viewer', lang: 'fr' });
      await host.waitFor((c) => c.of('joined').length === 1, 5000, 'host joined');
      await viewer.waitFor((c) => c.of('joined').length === 1, 5000, 'viewer joined');
      host.send({ type: 'room_start', sourceLanguage: 'es' });
      await viewer.waitFor((c) => c.of('room_start').length === 1, 5000, 'room_start');
      const joined = host.of('joined')[0] as unknown as JoinedFrame;
      const sampleRate = joined.serverRecognition?.sampleRate ?? 0;
      const streamId = crypto.randomUUID();
      const audio = await AudioClient.start(stack.baseUrl, {
        roomId: room.id,
        role: 'host',
        hostKey,
        streamId,
        sourceLanguage: 'es',
        sampleRate,
      });
      clients.push(audio);
      return { roomId: room.id, host, viewer, joined: [joined, viewer.of('joined')[0] as unknown as JoinedFrame], audio, streamId };
    }

    const chunks = (sampleRate: number) => sentencesAudio(SENTENCES.length, sampleRate, { speechMs: 900, pauseMs: 800 });

    /** What the room stored: every sentence once, in the order spoken. */
    async function expectStoredOnce(roomId: string, host: LiveClient) {
      const texts = () => host.of('transcript').map((t) => (t as { text: string }).text);
      await host
        .waitFor((c) => c.of('transcript').length >= SENTENCES.length, 30_000, 'every sentence on the host page')
        .catch(async (error: Error) => {
          const kept = await stack.bus.request(ROOMS_SUBJECTS.listTranscript, { roomId, limit: 100 }).catch(() => []);
          throw new Error(
            `${error.message.slice(0, 300)}\nhost page: ${JSON.stringify(texts())}\nstored: ${JSON.stringify(kept.map((t) => t.text))}`,
          );
        });
      const stored = await stack.bus.request(ROOMS_SUBJECTS.listTranscript, { roomId, limit: 100 });
      expect(stored.map((t) => t.text)).toEqual(SENTENCES);
      expect(new Set(stored.map((t) => t.messageId)).size).toBe(SENTENCES.length);
      expect(stored.map((t) => t.seq)).toEqual([...stored.map((t) => t.seq)].sort((a, b) => a - b));
      expect(texts()).toEqual(SENTENCES);
    }

    it('tells hosts, not viewers, that the server recognises, at its rate', async () => {
      const { joined, audio } = await room();
      const rate = provider === 'deepgram' ? 16000 : 24000;
      expect(joined[0].serverRecognition).toEqual({ provider, sampleRate: rate });
      expect(joined[1].serverRecognition).toBeUndefined();
      expect(audio.of('audio_ready')[0]).toMatchObject({ sampleRate: rate, nextSeq: 0 });
    });

    it('stores every sentence once and in order; the host page sees interims and transcripts, the viewer reads them in French', async () => {
      const { roomId, host, viewer, audio } = await room();
      await audio.stream(chunks(audio.sampleRate));
      audio.stop();
      await expectStoredOnce(roomId, host);
      expect(host.of('interim').length).toBeGreaterThan(0);
      await viewer.waitFor((c) => c.of('translation').length >= SENTENCES.length, 15_000, 'translations');
      const last = chunks(audio.sampleRate).length - 1;
      await audio.waitFor((c) => c.lastAck >= last, 10_000, 'every chunk acked');
    });

    it('refuses a chunk that does not follow on, and a viewer', async () => {
      const { audio, roomId } = await room();
      audio.sendChunk(Buffer.alloc(3200));
      audio.sendRaw(Buffer.concat([Buffer.from([9, 0, 0, 0, 0, 0, 0, 0]), Buffer.alloc(3200)]));
      await audio.waitFor((c) => c.of('audio_gap').length > 0, 5000, 'audio_gap');
      expect(audio.of('audio_gap')[0]).toEqual({ type: 'audio_gap', expected: 1 });
      const viewer = await AudioClient.start(stack.baseUrl, {
        roomId,
        role: 'viewer',
        streamId: crypto.randomUUID(),
        sourceLanguage: 'es',
        sampleRate: audio.sampleRate,
      });
      clients.push(viewer);
      expect(viewer.of('error')[0]).toMatchObject({ code: 'forbidden' });
    });

    it.each<FakeAsrFault['kind']>(['error', 'close1011', 'expire'])(
      'loses and doubles nothing when the provider fails mid-sentence (%s)',
      async (kind) => {
        const { roomId, host, audio } = await room();
        const streaming = audio.stream(chunks(audio.sampleRate));
        await host.waitFor((c) => c.of('transcript').length >= 1, 15_000, 'the first sentence');
        // The stream's own session is open by now: the fault must make it open another.
        const sessionsBefore = fake.sessions.length;
        fake.fail({ kind, when: 'mid-speech' });
        await streaming;
        audio.stop();
        await expectStoredOnce(roomId, host);
        expect(fake.sessions.length).toBeGreaterThan(sessionsBefore);
        if (kind !== 'expire')
          expect(audio.of('audio_status').some((s) => s.state === 'reconnecting' || s.state === 'provider_error')).toBe(true);
      },
    );

    if (mode === 'distributed') {
      it('another replica takes the stream over when its holder dies mid-stream, and nothing is lost or doubled', async () => {
        const { roomId, host, audio, streamId } = await room();
        const streaming = audio.stream(chunks(audio.sampleRate));
        await host.waitFor((c) => c.of('transcript').length >= 1, 15_000, 'the first sentence');
        const holderOf = async () => {
          const sql = await suite.sql();
          return (await sql.query('SELECT holder FROM asr.stream_leases WHERE stream_id = $1', [streamId])).rows[0].holder as string;
        };
        const holder = await holderOf();
        const name = ['asr-svc', 'asr-svc-2'].find((n) => stack.service(n)?.get(AudioStreams).holder === holder) as string;
        stack.abandonService(name);
        await streaming;
        audio.stop();
        await expectStoredOnce(roomId, host);
        const after = await holderOf();
        expect(after).not.toBe(holder);
      });
    }
  });
});
