import { Injectable, OnModuleDestroy } from '@nestjs/common';

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
  private readonly entries = new Map<string, { text: string; expires: number }>();
  /** Translations being made: the same sentence said again meanwhile waits for it rather than paying again. */
  private readonly making = new Map<string, Promise<string>>();
  private readonly sweeper: NodeJS.Timeout;

  constructor() {
    this.sweeper = setInterval(() => this.sweep(), TRANSLATION_CACHE.sweepMs);
    this.sweeper.unref();
  }

  get(key: CacheKey): string | null {
    const id = idOf(key);
    const entry = this.entries.get(id);
    if (!entry) return null;
    if (entry.expires <= Date.now()) {
      this.entries.delete(id);
      return null;
    }
    // Most recently used last: the first entry is the one evicted.
    this.entries.delete(id);
    this.entries.set(id, entry);
    return entry.text;
  }

  set(key: CacheKey, text: string): void {
    const id = idOf(key);
    this.entries.delete(id);
    if (this.entries.size >= TRANSLATION_CACHE.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(id, { text, expires: Date.now() + TRANSLATION_CACHE.ttlMs });
  }

  /** The cached translation, the one being made, or `make()`'s (kept when it succeeds); `hit` when no call was made. */
  async through(key: CacheKey, make: () => Promise<string>): Promise<{ text: string; hit: boolean }> {
    const cached = this.get(key);
    if (cached !== null) return { text: cached, hit: true };
    const id = idOf(key);
    const pending = this.making.get(id);
    if (pending) return { text: await pending, hit: true };
    const made = make().then((text) => (this.set(key, text), text));
    this.making.set(id, made);
    try {
      return { text: await made, hit: false };
    } finally {
      this.making.delete(id);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  sweep(now = Date.now()): void {
    for (const [id, entry] of this.entries) if (entry.expires <= now) this.entries.delete(id);
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
  }
}

/** Sentences that differ only in spacing or case are the same sentence. */
const idOf = (k: CacheKey) => JSON.stringify([k.roomId, k.from, k.to, k.glossaryVersion, k.text.trim().replace(/\s+/g, ' ').toLowerCase()]);
