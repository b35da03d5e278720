import { JoinDeadlines, StaggeredPinger } from './socket-upkeep';

describe('StaggeredPinger', () => {
  const setup = (count: number, intervalMs = 1000, tickMs = 250) => {
    const sockets = new Set(Array.from({ length: count }, (_, i) => i));
    const pings: number[] = [];
    const pinger = new StaggeredPinger(sockets, (s) => pings.push(s), intervalMs, tickMs);
    return { sockets, pings, pinger };
  };

  it('pings a slice each tick, never all sockets at once, and each socket once per interval', () => {
    const { pings, pinger } = setup(1000);
    const slices = [pinger.tick(), pinger.tick(), pinger.tick(), pinger.tick()];
    expect(slices).toEqual([250, 250, 250, 250]);
    expect(new Set(pings).size).toBe(1000);
    // The next interval starts over.
    expect(pinger.tick()).toBe(250);
    expect(pings.slice(1000)).toEqual(pings.slice(0, 250));
  });

  it('pings at least one socket a tick when there are few', () => {
    const { pings, pinger } = setup(2, 30_000, 250);
    expect(pinger.tick()).toBe(1);
    expect(pinger.tick()).toBe(1);
    expect(pinger.tick()).toBe(1);
    expect(pings).toEqual([0, 1, 0]);
  });

  it('never pings a socket twice in one tick, even when the slice is larger than what is left of the round', () => {
    const { pings, pinger } = setup(3, 1000, 600);
    expect(pinger.tick()).toBe(2);
    expect(pinger.tick()).toBe(1);
    expect(pings).toEqual([0, 1, 2]);
  });

  it('skips sockets gone during a round and reaches sockets that came', () => {
    const { sockets, pings, pinger } = setup(8, 1000, 250);
    pinger.tick();
    sockets.delete(2);
    sockets.delete(3);
    sockets.add(100);
    while (!pings.includes(100)) pinger.tick();
    expect(pings).not.toContain(2);
    expect(pings).not.toContain(3);
    expect(pings.slice(0, 7)).toEqual([0, 1, 4, 5, 6, 7, 100]);
  });

  it('does nothing without sockets', () => {
    const { pings, pinger } = setup(0);
    expect(pinger.tick()).toBe(0);
    expect(pings).toEqual([]);
  });
});

describe('JoinDeadlines', () => {
  it('answers the sockets past their time, once, in the order they opened', () => {
    const deadlines = new JoinDeadlines<string>(10_000);
    deadlines.add('a', 0);
    deadlines.add('b', 1_000);
    deadlines.add('c', 5_000);
    expect(deadlines.expired(9_999)).toEqual([]);
    expect(deadlines.expired(11_000)).toEqual(['a', 'b']);
    expect(deadlines.expired(11_000)).toEqual([]);
    expect(deadlines.size).toBe(1);
  });

  it('forgets a socket that joined or closed', () => {
    const deadlines = new JoinDeadlines<string>(10_000);
    deadlines.add('a', 0);
    deadlines.add('b', 0);
    deadlines.delete('a');
    expect(deadlines.expired(20_000)).toEqual(['b']);
    expect(deadlines.size).toBe(0);
  });
});
