import { ROOMS_SUBJECTS } from '@lt/contracts';
import { AudioClient, eventually, LiveClient, sentenceByPitch, sentencesAudio } from '@lt/testing';
import { deepgramOf, describeAsrStack } from '../asr-stack';
import { createRoom } from '../helpers';

jest.setTimeout(90_000);

const SENTENCES = ['Buenos días a todos.', 'Hoy hablamos del presupuesto.', 'Las preguntas van al final.', 'Gracias por venir.'];
const distributed = process.env.LT_NATS_AVAILABLE === '1';

// rooms-svc and asr-svc stop and start on their own here: only the distributed stack runs them apart.
(distributed ? describe : describe.skip)('recognised sentences rooms-svc could not take while asr-svc shut down (distributed mode)', () => {
  const suite = describeAsrStack('distributed', {
    fake: { apiKey: 'asr-key', words: sentenceByPitch(SENTENCES) },
    asr: (f) => deepgramOf(f, { ASR_LEASE_MS: '1000', ASR_STORE_RETRY_MS: '20' }),
  });

  const keptRows = async (): Promise<{ segment: number; text: string }[]> => {
    const sql = await suite.sql();
    const { rows } = await sql.query(`SELECT segment, transcript->>'text' AS text FROM asr.pending_sentences ORDER BY segment`);
    return rows;
  };

  it('are kept in asr-svc’s schema, not lost, and stored once and in order when the services are back', async () => {
    const { stack } = suite;
    const { room, hostKey } = await createRoom(stack.baseUrl, 'Kept sentences');
    const host = await LiveClient.connect(stack.baseUrl);
    host.send({ type: 'join', roomId: room.id, role: 'host', hostKey });
    await host.waitFor((c) => c.of('joined').length === 1, 5000, 'host joined');
    host.send({ type: 'room_start', sourceLanguage: 'es' });
    await host.waitFor((c) => c.of('room_start').length === 1, 5000, 'room_start');
    const audio = await AudioClient.start(stack.baseUrl, {
      roomId: room.id,
      role: 'host',
      hostKey,
      streamId: crypto.randomUUID(),
      sourceLanguage: 'es',
      sampleRate: 16000,
    });
    try {
      const streaming = audio.stream(sentencesAudio(SENTENCES.length, 16000, { speechMs: 900, pauseMs: 800 }));
      await host.waitFor((c) => c.of('transcript').length >= 1, 15_000, 'the first sentence stored');
      // rooms-svc goes away: the later sentences are recognised but cannot be stored.
      await stack.stopService('rooms-svc');
      await streaming;
      // asr-svc shuts down meanwhile: what it could not store is kept, the stream's progress saved past it.
      await stack.stopService('asr-svc');
      const kept = await keptRows();
      expect(kept.length).toBeGreaterThan(0);
      expect(kept.map((k) => k.text)).toEqual(SENTENCES.slice(SENTENCES.length - kept.length));
    } finally {
      audio.close();
      host.close();
    }

    // Back again: nobody resumes the stream, so asr-svc's sweep stores what was kept.
    await stack.startService('rooms-svc');
    await stack.startService('asr-svc');
    const stored = await eventually(
      async () => {
        const list = await stack.bus.request(ROOMS_SUBJECTS.listTranscript, { roomId: room.id, limit: 100 }).catch(() => []);
        return list.length >= SENTENCES.length && list;
      },
      { what: 'every sentence stored', timeoutMs: 30_000 },
    );
    expect(stored.map((t) => t.text)).toEqual(SENTENCES);
    expect(new Set(stored.map((t) => t.messageId)).size).toBe(SENTENCES.length);
    expect(stored.map((t) => t.seq)).toEqual([...stored.map((t) => t.seq)].sort((a, b) => a - b));
    await eventually(async () => (await keptRows()).length === 0, 'the kept sentences forgotten once stored');
  });
});
