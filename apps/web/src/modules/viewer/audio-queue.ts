/** Limits of the viewer's read-aloud queue and its cache of loaded sounds. */
export const AUDIO = {
  /** Items waiting to be read at most: a listener far behind hears the newest, not a backlog. */
  queueMax: 10,
  /** Loaded sources kept at most, oldest evicted first. */
  cacheMax: 50,
  /** Loads retried after a passing failure, 1 s later, then 2 s, then 4 s. */
  retries: 3,
  retryDelayMs: 1_000,
  /** Playback that has not started by then is given up, so one stuck item never blocks the rest. */
  initTimeoutMs: 5_000,
  /** Items queued in one burst are loaded together this long after the first. */
  preloadDelayMs: 50,
} as const;

export interface Playback {
  /** Settles when the sound actually starts. */
  started: Promise<void>;
  /** Settles when it is over, also after `stop()`. */
  ended: Promise<void>;
  stop(): void;
}

export interface AudioQueueDeps<T, S> {
  load: (item: T) => Promise<S>;
  play: (source: S, item: T) => Playback;
  /** A source leaves the cache (an object URL to revoke). */
  release?: (source: S) => void;
  onError?: (item: T, error: unknown) => void;
}

/** A load failure that another attempt cannot fix (no provider, the quota spent): the item is skipped at once. */
export class FinalAudioError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'FinalAudioError';
  }
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Plays items one after another, in the order they were queued. Sources are loaded ahead (a short delay after
 * items arrive, so a burst is fetched together), kept in a bounded cache, and retried with a doubling back-off.
 */
export class AudioQueue<T extends { key: string }, S> {
  private waiting: T[] = [];
  private readonly cache = new Map<string, Promise<S>>();
  private current: { item: T; playback?: Playback } | null = null;
  private running = false;
  private generation = 0;
  private preloadTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly deps: AudioQueueDeps<T, S>) {}

  get pending(): readonly T[] {
    return this.waiting;
  }

  get playing(): T | null {
    return this.current?.item ?? null;
  }

  enqueue(item: T): void {
    if (this.current?.item.key === item.key || this.waiting.some((queued) => queued.key === item.key)) return;
    this.waiting.push(item);
    if (this.waiting.length > AUDIO.queueMax) this.waiting.splice(0, this.waiting.length - AUDIO.queueMax);
    this.schedulePreload();
    void this.run();
  }

  /** Silence now: the current item stops and the waiting ones are dropped; loaded sources stay cached. */
  stop(): void {
    this.generation += 1;
    this.running = false;
    this.waiting = [];
    clearTimeout(this.preloadTimer);
    this.preloadTimer = undefined;
    this.current?.playback?.stop();
    this.current = null;
  }

  dispose(): void {
    this.stop();
    for (const key of [...this.cache.keys()]) this.evict(key);
  }

  private schedulePreload(): void {
    if (this.preloadTimer) return;
    this.preloadTimer = setTimeout(() => {
      this.preloadTimer = undefined;
      for (const item of this.waiting) this.source(item).catch(() => undefined);
    }, AUDIO.preloadDelayMs);
  }

  private async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    const generation = this.generation;
    while (generation === this.generation && this.waiting.length > 0) {
      const item = this.waiting.shift() as T;
      this.current = { item };
      try {
        const source = await this.source(item);
        if (generation !== this.generation) return;
        await this.playOne(item, source);
      } catch (error) {
        if (generation === this.generation) this.deps.onError?.(item, error);
      }
      if (generation === this.generation) this.current = null;
    }
    if (generation === this.generation) this.running = false;
  }

  private async playOne(item: T, source: S): Promise<void> {
    const playback = this.deps.play(source, item);
    if (this.current) this.current.playback = playback;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('Audio did not start in time')), AUDIO.initTimeoutMs);
    });
    try {
      await Promise.race([playback.started, timeout]);
    } catch (error) {
      playback.stop();
      throw error;
    } finally {
      clearTimeout(timer);
    }
    await playback.ended;
  }

  /** The item's source from the cache, or loaded (and cached) now. */
  private source(item: T): Promise<S> {
    const cached = this.cache.get(item.key);
    if (cached) {
      this.cache.delete(item.key);
      this.cache.set(item.key, cached);
      return cached;
    }
    const loading = this.loadWithRetries(item);
    this.cache.set(item.key, loading);
    loading.catch(() => {
      if (this.cache.get(item.key) === loading) this.cache.delete(item.key);
    });
    while (this.cache.size > AUDIO.cacheMax) this.evict(this.cache.keys().next().value as string);
    return loading;
  }

  private async loadWithRetries(item: T): Promise<S> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.deps.load(item);
      } catch (error) {
        if (error instanceof FinalAudioError || attempt >= AUDIO.retries) throw error;
        await wait(AUDIO.retryDelayMs * 2 ** attempt);
      }
    }
  }

  private evict(key: string): void {
    const entry = this.cache.get(key);
    this.cache.delete(key);
    const release = this.deps.release;
    if (entry && release) entry.then(release, () => undefined);
  }
}
