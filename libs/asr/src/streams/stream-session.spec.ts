import type { AudioOut, AudioStream } from '@lt/contracts';
import { FakeAsrServer, sentenceByPitch, sentencesAudio, type FakeAsrFault } from '@lt/testing';
import { DeepgramRecognizer } from '../providers/deepgram.recognizer';
import { OpenAiRealtimeRecognizer } from '../providers/openai-realtime.recognizer';
import type { Recognizer } from '../providers/recognizer';
import type { StreamContext } from './stream-context';
import { StreamSession } from './stream-session';

jest.setTimeout(30_000);

const SENTENCES = ['One sentence here.', 'Two sentences there.', 'Three is the last but one.', 'Four ends it.'];

const stream: AudioStream = {
  streamId: '8a0e5c52-6a8a-4a32-9d4e-0b1b2f7d9a11',
  roomId: '5f1c1f0e-2b9a-4d59-8f0c-6c0a3b3c2d10',
  source: 'browser',
  speakerId: 'host-8a0e5c52',
  speakerName: 'Host',
  sourceLanguage: 'en',
  sampleRate: 16000,
};

describe.each([
  ['deepgram', (f: FakeAsrServer): Recognizer => new DeepgramRecognizer({ url: f.deepgramUrl, apiKey: 'k', model: 'nova-3' })],
  ['openai', (f: FakeAsrServer): Recognizer => new OpenAiRealtimeRecognizer('openai', { url: f.openAiUrl, apiKey: 'k', model: 'm' })],
] as const)('an audio stream on %s', (_name, make) => {
  let fake: FakeAsrServer;
  beforeEach(async () => (fake = await FakeAsrServer.start({ apiKey: 'k', words: sentenceByPitch(SENTENCES) })));
  afterEach(() => fake.close());

  /**
   * `awayAfterStopMs`: rooms-svc answers no store for this long once the stream is told to stop. `closing`: the
   * process shuts down once the stream is told to stop. `kept`: sentences an earlier holder kept, stored first.
   */
  async function run(
    fault?: FakeAsrFault['kind'],
    sessionMaxMs = 60_000,
    storeFailures = 0,
    awayAfterStopMs = 0,
    { closing = false, kept = [] as string[] } = {},
  ) {
    const stored: { messageId: string; text: string; atMs: number }[] = [];
    const keptNow: { segment: number; text: string }[] = [];
    const commits: { seq: number; storedBefore: number }[] = [];
    let failures = storeFailures;
    let stoppedAt = Infinity;
    const out: AudioOut[] = [];
    const metered: number[] = [];
    const ctx: StreamContext = {
      recognizer: make(fake),
      settings: { sessionMaxMs, replayMaxMs: 30_000, idleMs: 60_000, storeRetryMs: 1 },
      vocabulary: async () => ['Acme'],
      store: async (_s, sentence) => {
        if (failures-- > 0 || Date.now() - stoppedAt < awayAfterStopMs) throw new Error('rooms-svc does not answer');
        if (!stored.some((s) => s.messageId === sentence.messageId)) stored.push(sentence);
      },
      keep: async (_s, segment, sentence) => (keptNow.push({ segment, text: sentence.text }), true),
      storeKept: async () => {
        await new Promise((r) => setTimeout(r, 300));
        kept.forEach((text, k) => stored.push({ messageId: `earlier-${k}`, text, atMs: 0 }));
      },
      interim: () => undefined,
      commit: async (_id, seq) => void commits.push({ seq, storedBefore: stored.length }),
      meter: (_room, seconds) => metered.push(seconds),
      allowed: async () => true,
      finish: () => undefined,
      closing: () => closing && Date.now() >= stoppedAt,
    };
    const session = new StreamSession(stream, { holder: 'me', held: true, committedSeq: 0, segment: 0, startedAt: 1_000_000 }, ctx, (m) =>
      out.push(m),
    );
    await session.start();
    const chunks = sentencesAudio(SENTENCES.length, 16000, { speechMs: 900, pauseMs: 800 });
    const t0 = Date.now();
    for (const [seq, chunk] of chunks.entries()) {
      // Four times real time: the fake hears by the audio, not the clock.
      const wait = t0 + seq * 25 - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      session.push(seq, seq * 100, chunk);
      // Mid-sentence two (its tone runs from 2000 to 2900 ms).
      if (fault && seq === 22) fake.fail({ kind: fault, when: 'now' });
    }
    stoppedAt = Date.now();
    // A second stop (the process shutting down while the stream stops) ends only when the first has.
    const first = session.stop();
    await session.stop();
    const keptBySecondStop = keptNow.length;
    await first;
    return { stored, out, metered, commits, keptNow, keptBySecondStop, chunks: chunks.length };
  }

  it('stores each sentence once, in order, timed on the stream, and meters the audio sent', async () => {
    const { stored, metered, out, chunks } = await run();
    expect(stored.map((s) => s.text)).toEqual(SENTENCES);
    expect(stored.map((s) => s.messageId)).toEqual(SENTENCES.map((_, k) => `${stream.streamId}-${k}`));
    stored.forEach((s, k) => expect(Math.abs(s.atMs - 1_000_000 - (300 + k * 1700))).toBeLessThan(150));
    expect(metered.reduce((a, b) => a + b, 0)).toBe(Math.ceil((chunks * 100) / 1000));
    expect(out[out.length - 1]).toMatchObject({ state: 'stopped', ackSeq: chunks - 1 });
  });

  it.each<FakeAsrFault['kind']>(['error', 'close1011', 'expire'])(
    'loses and doubles nothing across a provider failure mid-sentence (%s)',
    async (kind) => {
      const { stored } = await run(kind);
      expect(stored.map((s) => s.text)).toEqual(SENTENCES);
      // The failure closed the first session: another heard the rest (while streaming, or while finishing).
      expect(fake.sessions[0].closed).toMatchObject({ by: 'server' });
      expect(fake.sessions.length).toBeGreaterThanOrEqual(2);
    },
  );

  it('rotates its provider session before the cap, make-before-break, without losing or doubling a sentence', async () => {
    const { stored } = await run(undefined, 300);
    expect(stored.map((s) => s.text)).toEqual(SENTENCES);
    expect(fake.sessions.length).toBeGreaterThanOrEqual(2);
  });

  it('keeps a sentence it could not store yet, and saves no progress past it, until it is stored', async () => {
    // More failures than a stopping stream would try: a live stream never gives a sentence up.
    const { stored, commits } = await run(undefined, 60_000, 8);
    expect(stored.map((s) => s.text)).toEqual(SENTENCES);
    expect(commits.length).toBe(SENTENCES.length);
    commits.forEach((c, k) => expect(c.storedBefore).toBe(k + 1));
  });

  it('stores the last sentences once though rooms-svc answers no store for a while after the stream stops', async () => {
    // Longer than a few quick attempts: a stopping stream, whose page sends its audio nowhere else, keeps trying.
    const { stored, commits } = await run(undefined, 60_000, 0, 1_500);
    expect(stored.map((s) => s.text)).toEqual(SENTENCES);
    expect(commits[commits.length - 1].storedBefore).toBe(SENTENCES.length);
  });

  it('keeps the last sentences it cannot store while the process shuts down, and saves its progress past them', async () => {
    const { stored, keptNow, commits, keptBySecondStop } = await run(undefined, 60_000, 0, 60_000, { closing: true });
    const [first] = keptNow;
    expect(first).toBeDefined();
    expect(keptBySecondStop).toBe(keptNow.length);
    // Every sentence is either stored or kept, each once, in order.
    expect([...stored.map((s) => s.text), ...keptNow.map((k) => k.text)]).toEqual(SENTENCES);
    expect(keptNow.map((k) => k.segment)).toEqual(keptNow.map((_, k) => first.segment + k));
    expect(commits[commits.length - 1].seq).toBeGreaterThan(commits[stored.length - 1]?.seq ?? 0);
  });

  it('stores the sentences an earlier holder kept before its own', async () => {
    const { stored } = await run(undefined, 60_000, 0, 0, { kept: ['Kept from before.'] });
    expect(stored.map((s) => s.text)).toEqual(['Kept from before.', ...SENTENCES]);
  });
});
