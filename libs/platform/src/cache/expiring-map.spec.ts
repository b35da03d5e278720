import { ExpiringMap, SingleFlight } from './expiring-map';

describe('ExpiringMap', () => {
  afterEach(() => jest.useRealTimers());

  it('forgets an entry once its time is up, by the clock fake timers move', () => {
    jest.useFakeTimers({ now: 0 });
    const map = new ExpiringMap<string, number>({ max: 10, ttlMs: 1_000 });
    map.set('a', 1).set('b', 2, 5_000);
    jest.setSystemTime(999);
    expect(map.get('a')).toBe(1);
    expect(map.remaining('b')).toBe(4_001);
    jest.setSystemTime(1_001);
    expect(map.get('a')).toBeUndefined();
    expect(map.has('b')).toBe(true);
    expect(map.keys()).toEqual(['b']);
  });

  it('keeps at most `max`, the least recently used leaving first', () => {
    const map = new ExpiringMap<string, number>({ max: 2, ttlMs: 60_000 });
    map.set('a', 1).set('b', 2);
    map.get('a');
    map.set('c', 3);
    expect(map.keys().sort()).toEqual(['a', 'c']);
  });

  it('sweeps what has lapsed by a given time', () => {
    const map = new ExpiringMap<string, number>({ max: 10, ttlMs: 1_000 });
    map.set('a', 1);
    map.sweep(Date.now() + 500);
    expect(map.size).toBe(1);
    map.sweep(Date.now() + 1_001);
    expect(map.size).toBe(0);
  });

  it('has concurrent askers of a key share one load, keeps its answer, and keeps no failure', async () => {
    const map = new ExpiringMap<string, string>({ max: 10, ttlMs: 60_000 });
    let release: (v: string) => void = () => undefined;
    const load = jest.fn(() => new Promise<string>((r) => (release = r)));
    const asks = [map.fetch('k', load), map.fetch('k', load)];
    release('v');
    expect(await Promise.all(asks)).toEqual(['v', 'v']);
    expect(await map.fetch('k', load)).toBe('v');
    expect(load).toHaveBeenCalledTimes(1);
    await expect(map.fetch('f', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(map.has('f')).toBe(false);
  });

  it('lets a loader keep its answer a shorter while, and answers but does not keep a load whose key was deleted meanwhile', async () => {
    jest.useFakeTimers({ now: 0 });
    const map = new ExpiringMap<string, string>({ max: 10, ttlMs: 60_000 });
    await map.fetch('short', async (entry) => ((entry.ttlMs = 100), 'v'));
    expect(map.remaining('short')).toBe(100);
    let release: (v: string) => void = () => undefined;
    const pending = map.fetch('k', () => new Promise<string>((r) => (release = r)));
    map.delete('k');
    release('old');
    expect(await pending).toBe('old');
    expect(map.has('k')).toBe(false);
  });

  it('without a bound, drops each entry as it lapses', () => {
    jest.useFakeTimers({ now: 0 });
    const map = new ExpiringMap<string, number>({ ttlMs: 1_000 });
    for (let i = 0; i < 100; i++) map.set(`s${i}`, i);
    expect(map.size).toBe(100);
    jest.advanceTimersByTime(1_100);
    expect(map.size).toBe(0);
  });
});

describe('SingleFlight', () => {
  it('shares one call among concurrent callers, its failure too, and keeps nothing once it settles', async () => {
    const flights = new SingleFlight<string, number>();
    let fail: (e: Error) => void = () => undefined;
    const run = jest.fn(() => new Promise<number>((_, reject) => (fail = reject)));
    const first = flights.join('k', run);
    const second = flights.join('k', run);
    expect([first.shared, second.shared]).toEqual([false, true]);
    fail(new Error('no'));
    await expect(first.promise).rejects.toThrow('no');
    await expect(second.promise).rejects.toThrow('no');
    expect(flights.size).toBe(0);
    expect(await flights.run('k', async () => 2)).toBe(2);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
