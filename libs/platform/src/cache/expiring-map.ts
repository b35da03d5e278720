import { LRUCache } from 'lru-cache';

/**
 * Date.now rather than performance.now: the wall clock tests move with fake timers moves the entries' age too.
 * One past it, as lru-cache takes an entry set at 0 for one without a TTL (a fake clock starting at 0).
 */
const CLOCK = { now: () => Date.now() + 1 };

/**
 * `max`: at most this many entries, the least recently used leaving first; omitted, no bound, each entry
 * dropped by a timer as it lapses (for what must not be pushed out by a flood, such as revoked sessions).
 * `ttlMs`: how long an entry lasts after it is set (`set` and `fetch` may give one entry another); omitted
 * (only with `max`), until it is pushed out.
 */
export type ExpiringMapOptions = { max: number; ttlMs?: number } | { max?: undefined; ttlMs: number };

/** What `fetch` gives its loader: the loader may change how long its answer is kept (a failure kept less long). */
export interface FetchedEntry {
  /** 0: no TTL. */
  ttlMs: number;
}

type Loader<K, V> = (entry: FetchedEntry, key: K) => Promise<V | undefined>;

/**
 * A map whose entries lapse a while after they are set, bounded in size, on `lru-cache` (TTLs, least recently
 * used eviction, and `fetch`, which has concurrent askers of one key share one load). A lapsed entry reads as
 * absent; `sweep` drops the lapsed ones at once.
 */
export class ExpiringMap<K extends NonNullable<unknown>, V extends NonNullable<unknown>> {
  private readonly cache: LRUCache<K, V, Loader<K, V>>;

  constructor(options: ExpiringMapOptions) {
    this.cache = new LRUCache<K, V, Loader<K, V>>({
      ...(options.max === undefined
        ? { ttl: options.ttlMs, ttlAutopurge: true }
        : { max: options.max, ...(options.ttlMs === undefined ? {} : { ttl: options.ttlMs }) }),
      ttlResolution: 0,
      perf: CLOCK,
      // A load whose key was deleted meanwhile (the room changed, or was forgotten) still answers those who
      // asked, and is not kept.
      ignoreFetchAbort: true,
      fetchMethod: async (key, _stale, { options: set, context }) => {
        const entry = { ttlMs: set.ttl ?? options.ttlMs ?? 0 };
        const value = await context(entry, key);
        set.ttl = entry.ttlMs;
        return value;
      },
    });
  }

  get(key: K): V | undefined {
    return this.cache.get(key);
  }

  has(key: K): boolean {
    return this.cache.has(key);
  }

  /** Keeps `value` for the map's TTL, or `ttlMs`. */
  set(key: K, value: V, ttlMs?: number): this {
    this.cache.set(key, value, ttlMs === undefined ? undefined : { ttl: ttlMs });
    return this;
  }

  delete(key: K): boolean {
    return this.cache.delete(key);
  }

  clear(): void {
    this.cache.clear();
  }

  /**
   * The value kept for `key`; else the one being loaded for it (asked by someone else a moment ago); else
   * `load`'s, kept for the map's TTL or the `ttlMs` the loader set. A load that fails, or answers `undefined`,
   * is not kept: every asker waiting for it gets the same outcome, and the next asks again.
   */
  fetch(key: K, load: (entry: FetchedEntry, key: K) => Promise<V>): Promise<V>;
  fetch(key: K, load: Loader<K, V>): Promise<V | undefined>;
  fetch(key: K, load: Loader<K, V>): Promise<V | undefined> {
    return this.cache.fetch(key, { context: load });
  }

  /** How long `key` still lasts (ms): 0 when absent. */
  remaining(key: K): number {
    return this.cache.has(key) ? this.cache.getRemainingTTL(key) : 0;
  }

  /** Keys of the entries that have not lapsed, the most recently used first. */
  keys(): K[] {
    return [...this.cache.keys()];
  }

  /** Entries held, lapsed ones not yet swept included. */
  get size(): number {
    return this.cache.size;
  }

  /** Drops every entry lapsed by `now` (the clock's time by default, a later time to look ahead). */
  sweep(now = Date.now()): void {
    const ahead = now - Date.now();
    this.cache.purgeStale();
    if (ahead > 0) for (const key of [...this.cache.keys()]) if (this.cache.getRemainingTTL(key) <= ahead) this.cache.delete(key);
  }
}

/**
 * Concurrent calls for one key share one call: the first caller's `run` is made, the others wait for its
 * outcome (success or failure), and nothing is kept once it settles. For answers that are kept a while,
 * `ExpiringMap.fetch`.
 */
export class SingleFlight<K, V> {
  private readonly flights = new Map<K, Promise<V>>();

  /** The call under way for `key`, or `run()`'s; `shared` when it was already under way. */
  join(key: K, run: () => Promise<V>): { promise: Promise<V>; shared: boolean } {
    const under = this.flights.get(key);
    if (under) return { promise: under, shared: true };
    const promise = run().finally(() => {
      if (this.flights.get(key) === promise) this.flights.delete(key);
    });
    this.flights.set(key, promise);
    return { promise, shared: false };
  }

  /** The call under way for `key`, or `run()`'s. */
  run(key: K, run: () => Promise<V>): Promise<V> {
    return this.join(key, run).promise;
  }

  has(key: K): boolean {
    return this.flights.has(key);
  }

  /** Calls under way (for tests). */
  get size(): number {
    return this.flights.size;
  }
}
