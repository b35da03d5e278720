import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { ExpiringMap, SingleFlight } from '@lt/platform';

/** The translation cache: up to 1000 entries, each kept 30 minutes, swept every 60 s. */
export const TRANSLATION_CACHE = { maxEntries: 1000, ttlMs: 30 * 60_000, sweepMs: 60_000 } as const;

export interface CacheKey {
  roomId: string;
  text: string;
  from: string;
  to: string;
  /** The room glossary's version: a change of glossary is a change of translation. */
  glossaryVersion: number;
}

/**
 * Language-model translations by text: a sentence said again in the same room (a greeting, a slogan, a
 * speaker's name) costs no call. Per replica and in memory, like the original product's; only the model's
 * own translations are kept, never a fallback.
 */
@Injectable()
export class TranslationCache implements OnModuleDestroy {
  private readonly entries = new ExpiringMap<string, string>({ max: TRANSLATION_CACHE.maxEntries, ttlMs: TRANSLATION_CACHE.ttlMs });
  /** Translations being made: the same sentence said again meanwhile waits for it rather than paying again. */
  private readonly making = new SingleFlight<string, string>();
  private readonly sweeper: NodeJS.Timeout;

  constructor() {
    this.sweeper = setInterval(() => this.sweep(), TRANSLATION_CACHE.sweepMs);
    this.sweeper.unref();
  }

  get(key: CacheKey): string | null {
    return this.entries.get(idOf(key)) ?? null;
  }

  set(key: CacheKey, text: string): void {
    this.entries.set(idOf(key), text);
  }

  /** The cached translation, the one being made, or `make()`'s (kept when it succeeds); `hit` when no call was made. */
  async through(key: CacheKey, make: () => Promise<string>): Promise<{ text: string; hit: boolean }> {
    const cached = this.get(key);
    if (cached !== null) return { text: cached, hit: true };
    const { promise, shared } = this.making.join(idOf(key), () => make().then((text) => (this.set(key, text), text)));
    return { text: await promise, hit: shared };
  }

  get size(): number {
    return this.entries.size;
  }

  sweep(now = Date.now()): void {
    this.entries.sweep(now);
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
  }
}

/** Sentences that differ only in spacing or case are the same sentence. */
const idOf = (k: CacheKey) => JSON.stringify([k.roomId, k.from, k.to, k.glossaryVersion, k.text.trim().replace(/\s+/g, ' ').toLowerCase()]);
