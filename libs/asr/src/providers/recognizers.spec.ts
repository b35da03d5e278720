import { FakeAsrServer, sentenceByPitch, sentencesAudio } from '@lt/testing';
import { DeepgramRecognizer } from './deepgram.recognizer';
import { OpenAiRealtimeRecognizer } from './openai-realtime.recognizer';
import type { RecognitionEvent, Recognizer } from './recognizer';

const SENTENCES = ['Welcome to the annual meeting.', 'Our revenue grew by ten percent.', 'Questions come at the end.'];

describe.each([
  ['deepgram', (fake: FakeAsrServer) => new DeepgramRecognizer({ url: fake.deepgramUrl, apiKey: 'dg-key', model: 'nova-3' })],
  [
    'openai',
    (fake: FakeAsrServer) => new OpenAiRealtimeRecognizer('openai', { url: fake.openAiUrl, apiKey: 'dg-key', model: 'gpt-4o-transcribe' }),
  ],
] as const)('%s recognizer against the fake provider', (name, make) => {
  let fake: FakeAsrServer;
  let recognizer: Recognizer;

  beforeEach(async () => {
    fake = await FakeAsrServer.start({ apiKey: 'dg-key', words: sentenceByPitch(SENTENCES) });
    recognizer = make(fake);
  });
  afterEach(() => fake.close());

  it('turns the provider messages into interims, then one final per sentence with its timing, and finishes', async () => {
    const events: RecognitionEvent[] = [];
    const session = await recognizer.open({ language: 'en', vocabulary: ['Acme', 'Zorblax'] }, (e) => events.push(e));
    for (const chunk of sentencesAudio(3, recognizer.sampleRate)) session.send(chunk);
    await session.finish();

    const finals = events.filter((e) => e.type === 'final');
    expect(finals.map((f) => f.text)).toEqual(SENTENCES);
    expect(events.some((e) => e.type === 'interim')).toBe(true);
    // Sentence k starts at 300 + k·2100 ms of the audio (1200 ms tone, 900 ms pause).
    finals.forEach((f, k) => expect(Math.abs(f.startMs - (300 + k * 2100))).toBeLessThan(100));
    if (name === 'deepgram') {
      expect(fake.sessions[0].query.keyterm).toEqual(['Acme', 'Zorblax']);
      expect(fake.sessions[0].query.encoding).toEqual(['linear16']);
      expect(fake.sessions[0].finished).toBe(true);
    } else {
      const input = (fake.sessions[0].config as { audio: { input: Record<string, { prompt?: string; rate?: number }> } }).audio.input;
      expect(input.transcription.prompt).toContain('Zorblax');
      expect(input.format.rate).toBe(24000);
    }
  });

  it('reports the close of a failing provider', async () => {
    const events: RecognitionEvent[] = [];
    await recognizer.open({ language: 'en', vocabulary: [] }, (e) => events.push(e));
    fake.fail({ kind: 'error', when: 'now' });
    await waitFor(() => events.some((e) => e.type === 'closed'));
    expect(events.find((e) => e.type === 'closed')).toMatchObject({ code: 1011 });
    expect(events.some((e) => e.type === 'error')).toBe(true);
  });

  it('is refused with a wrong key', async () => {
    const wrong =
      name === 'deepgram'
        ? new DeepgramRecognizer({ url: fake.deepgramUrl, apiKey: 'nope', model: 'nova-3' })
        : new OpenAiRealtimeRecognizer('openai', { url: fake.openAiUrl, apiKey: 'nope', model: 'm' });
    await expect(wrong.open({ language: 'en', vocabulary: [] }, () => undefined)).rejects.toThrow(/401/);
  });
});

async function waitFor(check: () => boolean, ms = 5_000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}
