import { analyticsFlushMs, MinuteCounter, minuteOf } from './minute-counter';

const ROOM = '5f0c2a8e-4a8d-4c35-9a55-0c6f4f1f3d11';
const T0 = Date.UTC(2026, 0, 1, 10, 0, 30);

describe('MinuteCounter', () => {
  it('counts per room and minute, and counts again what could not be written', () => {
    const counter = new MinuteCounter();
    counter.sentence(ROOM, T0);
    counter.sentence(ROOM, T0 + 10_000);
    counter.tokens(ROOM, 'translation', 120, T0);
    counter.tokens(ROOM, 'translation', 0, T0);
    counter.caption(ROOM, 'fr', 450, null, T0);
    counter.caption(ROOM, 'fr', 7_000, 'original', T0);
    counter.caption(ROOM, 'fr', 800, 'service', T0 + 60_000);
    const first = counter.drain();
    expect(first).toEqual([
      {
        roomId: ROOM,
        minute: minuteOf(T0),
        sentences: 2,
        tokens: { translation: 120 },
        languages: [{ lang: 'fr', delays: [0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], fallback: 0, original: 1 }],
      },
      {
        roomId: ROOM,
        minute: minuteOf(T0 + 60_000),
        languages: [{ lang: 'fr', delays: [0, 0, 0, 0, 0, 0, 0, 1], fallback: 1, original: 0 }],
      },
    ]);
    expect(counter.size).toBe(0);
    counter.sentence(ROOM, T0);
    counter.restore(first);
    const again = counter.drain();
    expect(again[0]).toMatchObject({ sentences: 3, tokens: { translation: 120 } });
    expect(again[1].languages).toEqual(first[1].languages);
  });

  it('reads ANALYTICS_FLUSH_MS, a minute by default, and refuses a bad value naming it', () => {
    expect(analyticsFlushMs({})).toBe(60_000);
    expect(analyticsFlushMs({ ANALYTICS_FLUSH_MS: '500' })).toBe(500);
    expect(() => analyticsFlushMs({ ANALYTICS_FLUSH_MS: 'soon' })).toThrow(/ANALYTICS_FLUSH_MS/);
  });
});
