import { CLOCK_SAMPLES, ClockOffset, clockSample, MAX_ROUND_TRIP_MS, onServerClock } from './clock-offset';

describe('clockSample', () => {
  it('takes the server clock against the middle of the round trip', () => {
    // Sent at 1000, answered by a server 5 s ahead at its 6040, back at 1100: 6040 - 1050.
    expect(clockSample(1_000, 6_040, 1_100)).toEqual({ offset: 4_990, roundTrip: 100 });
    expect(clockSample(10_000, 9_000, 10_020)).toEqual({ offset: -1_010, roundTrip: 20 });
  });

  it('refuses a pong from before its ping, a very slow one and times that are not numbers', () => {
    expect(clockSample(2_000, 5_000, 1_999)).toBeNull();
    expect(clockSample(0, 5_000, MAX_ROUND_TRIP_MS + 1)).toBeNull();
    expect(clockSample(Number.NaN, 5_000, 10)).toBeNull();
  });
});

describe('ClockOffset', () => {
  it('is unknown before its first sample', () => {
    expect(new ClockOffset().offset).toBeNull();
  });

  it('answers the offset of the quickest round trip among the last samples', () => {
    const clock = new ClockOffset();
    clock.add(clockSample(0, 1_300, 400)); // 1100, slow
    clock.add(clockSample(1_000, 2_010, 1_020)); // 1000, quick
    clock.add(clockSample(2_000, 3_150, 2_100)); // 1100
    expect(clock.offset).toBe(1_000);
    // The quick one leaves the window after CLOCK_SAMPLES newer ones.
    for (let i = 0; i < CLOCK_SAMPLES; i++) clock.add(clockSample(5_000, 6_240, 5_080));
    expect(clock.offset).toBe(1_200);
  });

  it('keeps its offset across a reconnect until the new connection gives a sample, which replaces the old ones', () => {
    const clock = new ClockOffset();
    clock.add(clockSample(0, 1_000, 0));
    clock.renew();
    expect(clock.offset).toBe(1_000);
    clock.add(clockSample(0, 3_000, 200));
    expect(clock.offset).toBe(2_900);
  });

  it('ignores unusable samples', () => {
    const clock = new ClockOffset();
    clock.add(clockSample(5, 0, 1));
    expect(clock.offset).toBeNull();
  });
});

describe('onServerClock', () => {
  const at = '2026-01-01T10:00:00.000Z';

  it("moves a time onto the server's clock when the clocks differ by 200 ms or more", () => {
    expect(onServerClock(at, 1_500)).toBe('2026-01-01T10:00:01.500Z');
    expect(onServerClock(at, -200)).toBe('2026-01-01T09:59:59.800Z');
  });

  it('leaves it when the offset is unknown or small, or the time unreadable', () => {
    expect(onServerClock(at, null)).toBe(at);
    expect(onServerClock(at, 199)).toBe(at);
    expect(onServerClock('not a time', 5_000)).toBe('not a time');
  });
});
