import type { Bus } from '@lt/platform';
import { SummaryCoalescer } from './summary-coalescer';

const roomId = '8a6f2a0e-7a43-4d2c-9f57-1c1f1b0f9b11';

function setup() {
  let resolve: (v: unknown) => void = () => undefined;
  const request = jest.fn(() => new Promise((r) => (resolve = r)));
  const coalescer = new SummaryCoalescer({ request } as unknown as Bus);
  return { coalescer, request, answer: (v: unknown) => resolve(v) };
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
    await coalescer.summarize({ roomId, lang: 'fr' });
    expect(request).toHaveBeenCalledTimes(1);
    expect(coalescer.freshAnswer({ roomId, lang: 'fr', sinceSeq: 9 })).toEqual({ summary: 's', fromSeq: 0, upToSeq: 3 });
    expect(coalescer.freshAnswer({ roomId, lang: 'de' })).toBeUndefined();
    jest.setSystemTime(1_001);
    expect(coalescer.freshAnswer({ roomId, lang: 'fr' })).toBeUndefined();
    void coalescer.summarize({ roomId, lang: 'fr' });
    expect(request).toHaveBeenCalledTimes(2);
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
});
