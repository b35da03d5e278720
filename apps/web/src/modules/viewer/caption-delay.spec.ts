import { addArrival, captionDelay, DELAY_SAMPLES, delaySeconds, delayTone, type Arrival } from './caption-delay';

const SPOKEN = '2026-01-01T10:00:00.000Z';
const spokenAt = Date.parse(SPOKEN);

describe('addArrival', () => {
  it('keeps the last arrivals with their spoken time', () => {
    let arrivals: readonly Arrival[] = [];
    for (let i = 0; i < DELAY_SAMPLES + 2; i++) arrivals = addArrival(arrivals, SPOKEN, spokenAt + i);
    expect(arrivals).toHaveLength(DELAY_SAMPLES);
    expect(arrivals[0]).toEqual({ spokenAt, arrivedAt: spokenAt + 2 });
  });

  it('ignores an unreadable timestamp', () => {
    const arrivals = addArrival([], SPOKEN, spokenAt);
    expect(addArrival(arrivals, 'yesterday-ish', spokenAt)).toBe(arrivals);
  });
});

describe('captionDelay', () => {
  it('is unknown without an offset or without arrivals', () => {
    expect(captionDelay(addArrival([], SPOKEN, spokenAt + 1_000), null)).toBeNull();
    expect(captionDelay([], 0)).toBeNull();
  });

  it("counts the arrival on the server's clock against the spoken time", () => {
    // This clock is 4 s behind the server's: the translation arrived at 10:00:01.2 server time.
    const arrivals = addArrival([], SPOKEN, spokenAt - 4_000 + 1_200);
    expect(captionDelay(arrivals, 4_000)).toBe(1_200);
    // The same arrival with a clock 4 s ahead.
    expect(captionDelay(addArrival([], SPOKEN, spokenAt + 4_000 + 1_200), -4_000)).toBe(1_200);
  });

  it('answers the median of the last arrivals, never below zero', () => {
    const delays = [900, 1_100, 8_000, 1_000, 1_300];
    const arrivals = delays.reduce<readonly Arrival[]>((list, delay) => addArrival(list, SPOKEN, spokenAt + delay), []);
    expect(captionDelay(arrivals, 0)).toBe(1_100);
    expect(captionDelay(arrivals.slice(0, 2), 0)).toBe(1_000);
    expect(captionDelay(addArrival([], SPOKEN, spokenAt - 300), 0)).toBe(0);
  });
});

describe('delayTone and delaySeconds', () => {
  it('reads as live up to 3 s and late past 8 s', () => {
    expect([0, 3_000, 3_001, 8_000, 8_001].map(delayTone)).toEqual(['success', 'success', 'warning', 'warning', 'danger']);
  });

  it('shows tenths of a second under 10 s and whole seconds above', () => {
    expect(delaySeconds(1_240)).toEqual({ value: 1.2, fractionDigits: 1 });
    expect(delaySeconds(9_940)).toEqual({ value: 9.9, fractionDigits: 1 });
    expect(delaySeconds(12_600)).toEqual({ value: 13, fractionDigits: 0 });
  });
});
