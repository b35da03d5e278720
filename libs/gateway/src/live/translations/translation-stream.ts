import { LIMITS, type TranslationFrame } from '@lt/contracts';

export interface TranslationStreamOptions {
  /** How long a translation known to be due may be missing before it is asked for. */
  waitMs: number;
  /** The longest wait between two requests for what is still missing, when asking keeps failing. */
  maxWaitMs: number;
  /** Translations after `afterSeq`, at most `limit` (translate-svc makes those it has not made yet). */
  fetch(afterSeq: number, limit: number): Promise<TranslationFrame[]>;
  /** Hands one translation, in seq order, to this language's viewers. */
  deliver(seq: number, text: string): void;
  onFetchError(error: unknown): void;
}

/** After asking failed, a translation arriving shows translate-svc is back: what is missing is asked for this soon. */
const RECOVERED_WAIT_MS = 300;
/** Translations that came before the one still awaited are kept at most this many; the rest are asked for again. */
const MAX_PENDING = 1_000;

/**
 * One language of one room on this gateway: translations are handed on in seq order and each once, whatever
 * order translate-svc finishes them in. Seqs of a room have no holes, and every stored transcript gets one
 * translation per language in demand; so when one that is due is missing for a while (presence reached
 * translate-svc late, a replica died, the bus was down) it is asked for, and everything after it waits.
 */
export class TranslationStream {
  /** The seq handed on next. */
  private next: number;
  /** The highest seq known to be stored. */
  private known: number;
  private readonly pending = new Map<number, TranslationFrame>();
  private timer: NodeJS.Timeout | undefined;
  private fetching = false;
  private failures = 0;
  private recovered = false;
  private closed = false;

  constructor(
    lastSeq: number,
    private readonly options: TranslationStreamOptions,
  ) {
    this.next = lastSeq + 1;
    this.known = lastSeq;
  }

  /** The seq of the next translation this stream hands on. */
  get awaiting(): number {
    return this.next;
  }

  /** Whether the final translation of `seq` has come (handed on, or held for order). */
  hasFinal(seq: number): boolean {
    return seq < this.next || this.pending.has(seq);
  }

  /** A transcript was stored: its translation is due. */
  expect(seq: number): void {
    if (seq <= this.known) return;
    this.known = seq;
    this.schedule(false);
  }

  accept(frame: TranslationFrame): void {
    if (this.closed || frame.seq < this.next || this.pending.has(frame.seq)) return;
    if (this.failures > 0 && !this.fetching) {
      // A translation came while asking was failing: translate-svc is back, so what is missing is asked for now.
      this.failures = 0;
      this.recovered = true;
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    this.known = Math.max(this.known, frame.seq);
    if (this.pending.size >= MAX_PENDING) {
      const highest = Math.max(...this.pending.keys());
      if (frame.seq > highest) return this.schedule(false);
      this.pending.delete(highest);
    }
    this.pending.set(frame.seq, frame);
    const before = this.next;
    for (let due = this.pending.get(this.next); due; due = this.pending.get(this.next)) {
      this.pending.delete(this.next);
      this.next += 1;
      this.options.deliver(due.seq, JSON.stringify(due));
    }
    if (this.next > before) this.failures = 0;
    this.schedule(this.next > before);
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.pending.clear();
  }

  /** Waits for what is due; progress restarts the wait, nothing due stops it. */
  private schedule(progressed: boolean): void {
    if (this.closed) return;
    if (this.next > this.known) {
      clearTimeout(this.timer);
      this.timer = undefined;
      return;
    }
    if (progressed) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (this.timer || this.fetching) return;
    const wait = this.recovered ? RECOVERED_WAIT_MS : Math.min(this.options.waitMs * 2 ** this.failures, this.options.maxWaitMs);
    this.timer = setTimeout(() => void this.fill(), wait);
    this.timer.unref();
  }

  private async fill(): Promise<void> {
    this.timer = undefined;
    this.recovered = false;
    this.fetching = true;
    const from = this.next;
    try {
      const frames = await this.options.fetch(from - 1, Math.min(this.known - from + 1, LIMITS.resyncBatch));
      for (const frame of frames) this.accept(frame);
      if (this.next === from) this.failures += 1;
    } catch (error) {
      this.failures += 1;
      this.options.onFetchError(error);
    } finally {
      this.fetching = false;
      this.schedule(false);
    }
  }
}
