import type { TranslationFrame } from '@lt/contracts';
import { TranslationStream } from './translation-stream';

const frame = (seq: number): TranslationFrame => ({
  type: 'translation',
  messageId: `m-${seq}`,
  seq,
  lang: 'fr',
  text: `(fr) ${seq}`,
  sourceLanguage: 'es',
  timestamp: '2026-01-01T10:00:00.000Z',
  speakerId: 'host-1',
  speakerName: 'Host',
});

function setup(lastSeq = 0, fetch: (afterSeq: number, limit: number) => Promise<TranslationFrame[]> = async () => []) {
  const delivered: number[] = [];
  const asked: [number, number][] = [];
  const stream = new TranslationStream(lastSeq, {
    waitMs: 5_000,
    maxWaitMs: 10_000,
    fetch: (afterSeq, limit) => {
      asked.push([afterSeq, limit]);
      return fetch(afterSeq, limit);
    },
    deliver: (seq, text) => {
      expect(JSON.parse(text).seq).toBe(seq);
      delivered.push(seq);
    },
    onFetchError: () => undefined,
  });
  return { stream, delivered, asked };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('TranslationStream', () => {
  it('hands translations on in seq order, each once, whatever order they come in', () => {
    const { stream, delivered } = setup(3);
    for (const seq of [5, 4, 5, 7, 3, 6, 4]) stream.accept(frame(seq));
    expect(delivered).toEqual([4, 5, 6, 7]);
  });

  it('asks for a translation that is due and does not come, then goes on in order', async () => {
    const { stream, delivered, asked } = setup(0, async (afterSeq) => [frame(afterSeq + 1)]);
    stream.expect(1);
    stream.expect(2);
    stream.accept(frame(2));
    expect(delivered).toEqual([]);
    await jest.advanceTimersByTimeAsync(4_999);
    expect(asked).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(asked).toEqual([[0, 2]]);
    expect(delivered).toEqual([1, 2]);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(asked).toHaveLength(1);
  });

  it('does not ask while translations keep coming in time', async () => {
    const { stream, delivered, asked } = setup();
    for (let seq = 1; seq <= 20; seq++) {
      stream.expect(seq);
      await jest.advanceTimersByTimeAsync(1_000);
      stream.accept(frame(seq));
    }
    expect(delivered).toHaveLength(20);
    expect(asked).toEqual([]);
  });

  it('asks again, less and less often, while asking fails, and nothing is skipped', async () => {
    let failing = true;
    const { stream, delivered, asked } = setup(0, async (afterSeq) => {
      if (failing) throw new Error('translate-svc is down');
      return [frame(afterSeq + 1), frame(afterSeq + 2)];
    });
    stream.expect(2);
    stream.accept(frame(2));
    await jest.advanceTimersByTimeAsync(5_000);
    await jest.advanceTimersByTimeAsync(10_000);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(asked).toHaveLength(3);
    expect(delivered).toEqual([]);
    failing = false;
    await jest.advanceTimersByTimeAsync(10_000);
    expect(delivered).toEqual([1, 2]);
  });

  it('asks at once for what is missing when a translation shows translate-svc is back', async () => {
    let failing = true;
    const { stream, delivered, asked } = setup(0, async (afterSeq, limit) => {
      if (failing) throw new Error('translate-svc is down');
      return Array.from({ length: limit }, (_, i) => frame(afterSeq + 1 + i));
    });
    stream.expect(3);
    await jest.advanceTimersByTimeAsync(5_000);
    expect(asked).toHaveLength(1);
    failing = false;
    stream.accept(frame(4));
    await jest.advanceTimersByTimeAsync(300);
    expect(asked).toHaveLength(2);
    expect(delivered).toEqual([1, 2, 3, 4]);
  });

  it('stops waiting once closed', async () => {
    const { stream, asked } = setup();
    stream.expect(1);
    stream.close();
    await jest.advanceTimersByTimeAsync(60_000);
    expect(asked).toEqual([]);
  });
});
