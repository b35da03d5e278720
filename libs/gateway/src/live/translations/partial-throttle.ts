/** How often a gateway writes the growing translation of one (message, language) at most. */
export const PARTIAL_INTERVAL_MS = 150;
/** Messages whose partials are followed at once; a final that never came frees its place after this many. */
const MAX_TRACKED = 64;

interface Entry {
  sentAt: number;
  latest: { seq: number; text: string } | null;
  isFinal: (seq: number) => boolean;
  /** A write that takes turns of the event loop (many sockets) is under way: the next waits for it. */
  writing: boolean;
  timer?: NodeJS.Timeout;
}

/**
 * The growing translations of one language on this gateway: one write per message at most every
 * `intervalMs` (the latest text, serialised once for every socket), one write of a message at a time (a
 * write to many sockets may take several turns of the event loop), and none once the message's final
 * translation has come.
 */
export class PartialThrottle {
  private readonly bySeq = new Map<number, Entry>();
  /** Messages at or below it have their final translation here: their partials are dropped. */
  private finalUpTo = 0;

  constructor(
    /** Writes a partial; a promise when the write ends later (the next partial of the message waits for it). */
    private readonly send: (seq: number, text: string) => void | Promise<void>,
    private readonly intervalMs = PARTIAL_INTERVAL_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** A partial came: written now, or as the latest when its interval is over. `text` is the serialised frame. */
  offer(seq: number, text: string, isFinal: (seq: number) => boolean): void {
    if (seq <= this.finalUpTo || isFinal(seq)) return;
    let entry = this.bySeq.get(seq);
    if (!entry) {
      if (this.bySeq.size >= MAX_TRACKED) this.forget(Math.min(...this.bySeq.keys()));
      this.bySeq.set(seq, (entry = { sentAt: -Infinity, latest: null, isFinal, writing: false }));
    }
    entry.latest = { seq, text };
    entry.isFinal = isFinal;
    this.pump(entry);
  }

  /** The final translation of `seq` was handed on (those before it too): nothing more of them is written. */
  finalized(seq: number): void {
    this.finalUpTo = Math.max(this.finalUpTo, seq);
    for (const key of [...this.bySeq.keys()]) if (key <= seq) this.forget(key);
  }

  close(): void {
    for (const key of [...this.bySeq.keys()]) this.forget(key);
  }

  /** Writes the entry's latest text if its interval is over and no write of it is under way, else when they are. */
  private pump(entry: Entry): void {
    if (entry.writing || entry.timer || !entry.latest) return;
    const wait = entry.sentAt + this.intervalMs - this.now();
    if (wait > 0) {
      entry.timer = setTimeout(() => {
        entry.timer = undefined;
        this.pump(entry);
      }, wait);
      entry.timer.unref();
      return;
    }
    const latest = entry.latest;
    entry.latest = null;
    if (latest.seq <= this.finalUpTo || entry.isFinal(latest.seq)) return;
    entry.sentAt = this.now();
    const writing = this.send(latest.seq, latest.text);
    if (!(writing instanceof Promise)) return;
    entry.writing = true;
    const done = () => {
      entry.writing = false;
      if (this.bySeq.get(latest.seq) === entry) this.pump(entry);
    };
    writing.then(done, done);
  }

  private forget(seq: number): void {
    clearTimeout(this.bySeq.get(seq)?.timer);
    this.bySeq.delete(seq);
  }
}
