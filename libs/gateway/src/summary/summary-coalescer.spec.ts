import type { Bus } from '@lt/platform';
import { SummaryCoalescer } from './summary-coalescer';

const roomId = '8a6f2a0e-7a43-4d2c-9f57-1c1f1b0f9b11';

function setup() {
  const answers: ((v: unknown) => void)[] = [];
  const failures: ((e: unknown) => void)[] = [];
  const request = jest.fn(
    () =>
      new Promise((resolve, reject) => {
        answers.push(resolve);
        failures.push(reject);
      }),
  );
  const coalescer = new SummaryCoalescer({ request } as unknown as Bus);
  return { coalescer, request, answer: (v: unknown) => answers.shift()?.(v), fail: (e: unknown) => failures.shift()?.(e) };
}

describe('SummaryCoalescer', () => {
  afterEach(() => jest.useRealTimers());

  it('asks once for a storm of identical requests, and serves the answer a moment longer', async () => {
    jest.useFakeTimers({ now: 0 });
    const { coalescer, request, answer } = setup();
    const storm = Array.from({ length: 500 }, () => coalescer.summarize({ roomId, lang: 'fr' }));
    expect(request).toHaveBeenCalledTimes(1);
    answer({ summary: 's', fromSeq: 0, upToSeq: 3 });
    expect(new Set(await Promise.all(storm)).size).toBe(1);
    await coalescer.summarize({ roomId, lang: 'fr', sinceSeq: 9 });
    expect(request).toHaveBeenCalledTimes(1);
    jest.setSystemTime(1_001);
    void coalescer.summarize({ roomId, lang: 'fr' });
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('hands every asker the same frame, serialised once, naming the room, language and start of the span', async () => {
    const { coalescer, answer } = setup();
    const asks = [coalescer.shared({ roomId, lang: 'fr', sinceSeq: 27 }), coalescer.shared({ roomId, lang: 'fr', sinceSeq: 20 })];
    answer({ summary: 's', fromSeq: 20, upToSeq: 31 });
    const [first, second] = await Promise.all(asks);
    expect(first.frame).toBe(second.frame);
    expect(JSON.parse(first.frame.toString('utf8'))).toEqual({
      type: 'summary',
      roomId,
      lang: 'fr',
      sinceSeq: 20,
      summary: 's',
      fromSeq: 20,
      upToSeq: 31,
    });
  });

  it('keeps languages and catch-up spans apart, sharing within a span of 10', () => {
    const { coalescer, request } = setup();
    void coalescer.summarize({ roomId, lang: 'fr', sinceSeq: 11 });
    void coalescer.summarize({ roomId, lang: 'fr', sinceSeq: 19 });
    void coalescer.summarize({ roomId, lang: 'fr', sinceSeq: 20 });
    void coalescer.summarize({ roomId, lang: 'de', sinceSeq: 11 });
    void coalescer.summarize({ roomId, lang: 'fr' });
    expect(request).toHaveBeenCalledTimes(4);
  });

  it('gives a failure to everyone waiting, and keeps nothing: the next ask goes to the service again', async () => {
    const { coalescer, request, fail } = setup();
    const asks = [coalescer.summarize({ roomId, lang: 'fr' }), coalescer.summarize({ roomId, lang: 'fr' })];
    fail(new Error('away'));
    await expect(Promise.all(asks)).rejects.toThrow('away');
    await Promise.allSettled(asks);
    void coalescer.summarize({ roomId, lang: 'fr' });
    expect(request).toHaveBeenCalledTimes(2);
  });
});
