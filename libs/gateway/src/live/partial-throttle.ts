/** How often a gateway writes the growing translation of one (message, language) at most. */
export const PARTIAL_INTERVAL_MS = 150;
/** Messages whose partials are followed at once; a final that never came frees its place after this many. */
const MAX_TRACKED = 64;

interface Entry {
  sentAt: number;
  latest: { seq: number; text: string } | null;
  timer?: NodeJS.Timeout;
}

/**
 * The growing translations of one language on this gateway: one write per message at most every
 * `intervalMs` (the latest text, serialised once for every socket), and none once the message's final
 * translation has come.
 */
export class PartialThrottle {
  private readonly bySeq = new Map<number, Entry>();
  /** Messages at or below it have their final translation here: their partials are dropped. */
  private finalUpTo = 0;

  constructor(
    private readonly send: (seq: number, text: string) => void,
    private readonly intervalMs = PARTIAL_INTERVAL_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** A partial came: written now, or as the latest when its interval is over. `text` is the serialised frame. */
  offer(seq: number, text: string, isFinal: (seq: number) => boolean): void {
    if (seq <= this.finalUpTo || isFinal(seq)) return;
    let entry = this.bySeq.get(seq);
    if (!entry) {
      if (this.bySeq.size >= MAX_TRACKED) this.forget(Math.min(...this.bySeq.keys()));
      this.bySeq.set(seq, (entry = { sentAt: -Infinity, latest: null }));
    }
    const waited = this.now() - entry.sentAt;
    if (waited >= this.intervalMs && !entry.timer) {
      entry.sentAt = this.now();
      return this.send(seq, text);
    }
    entry.latest = { seq, text };
    if (entry.timer) return;
    const due = entry;
    entry.timer = setTimeout(() => {
      due.timer = undefined;
      const latest = due.latest;
      due.latest = null;
      if (!latest || latest.seq <= this.finalUpTo || isFinal(latest.seq)) return;
      due.sentAt = this.now();
      this.send(latest.seq, latest.text);
    }, this.intervalMs - waited);
    entry.timer.unref();
  }

  /** The final translation of `seq` was handed on (those before it too): nothing more of them is written. */
  finalized(seq: number): void {
    this.finalUpTo = Math.max(this.finalUpTo, seq);
    for (const key of [...this.bySeq.keys()]) if (key <= seq) this.forget(key);
  }

  close(): void {
    for (const key of [...this.bySeq.keys()]) this.forget(key);
  }

  private forget(seq: number): void {
    clearTimeout(this.bySeq.get(seq)?.timer);
    this.bySeq.delete(seq);
  }
}
