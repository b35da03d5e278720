import type { LanguageCode, TranslationFrame, TranslationRevisedFrame } from '@lt/contracts';
import { applyRevision } from './translation-revision';

export interface FeedUpdate {
  added: boolean;
  /** Set when this frame revealed a gap the server has not been asked to fill yet. */
  resyncSince?: number;
}

/** Messages kept on screen at most; older ones leave the list first. */
export const FEED_LIMIT = 500;

/**
 * The viewer's translations keyed by seq: never one twice, always in seq order, with the highest
 * seq up to which nothing is missing (what a reconnect asks for with `since`).
 */
export class TranslationFeed {
  private bySeq = new Map<number, TranslationFrame>();
  private contiguous: number | undefined;
  private requested = new Set<number>();
  private sorted: TranslationFrame[] = [];

  constructor(private currentLang: LanguageCode | null) {}

  get lang(): LanguageCode | null {
    return this.currentLang;
  }

  get lastContiguous(): number | undefined {
    return this.contiguous;
  }

  get highestSeq(): number | undefined {
    return this.sorted.at(-1)?.seq;
  }

  get messages(): readonly TranslationFrame[] {
    return this.sorted;
  }

  reset(lang: LanguageCode | null): void {
    this.currentLang = lang;
    this.bySeq = new Map();
    this.contiguous = undefined;
    this.requested = new Set();
    this.sorted = [];
  }

  accept(frame: TranslationFrame): FeedUpdate {
    if (!this.currentLang || frame.lang !== this.currentLang || this.bySeq.has(frame.seq)) return { added: false };
    if (!Number.isInteger(frame.seq) || frame.seq < 1) return { added: false };

    this.bySeq.set(frame.seq, frame);
    // The first frame after a join or a language change is where this list starts; what came before is history we were not sent.
    if (this.contiguous === undefined) this.contiguous = frame.seq - 1;
    while (this.bySeq.has(this.contiguous + 1)) this.contiguous += 1;
    this.sorted = [...this.bySeq.values()].sort((a, b) => a.seq - b.seq);
    this.trim();

    if (frame.seq > this.contiguous + 1 && !this.requested.has(this.contiguous)) {
      this.requested.add(this.contiguous);
      return { added: true, resyncSince: this.contiguous };
    }
    return { added: true };
  }

  /** A line translated again: replaced in place. True when the lines changed. */
  revise(frame: TranslationRevisedFrame): boolean {
    const next = applyRevision(this.sorted, frame);
    if (next === this.sorted) return false;
    this.sorted = [...next];
    for (const line of next) this.bySeq.set(line.seq, line);
    return true;
  }

  private trim(): void {
    if (this.sorted.length <= FEED_LIMIT) return;
    const dropped = this.sorted.slice(0, this.sorted.length - FEED_LIMIT);
    this.sorted = this.sorted.slice(-FEED_LIMIT);
    for (const frame of dropped) this.bySeq.delete(frame.seq);
  }
}
