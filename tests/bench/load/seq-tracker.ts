/**
 * Which seqs one viewer received in its language, across its reconnections; seqs at or below `base` came
 * before its audience began. The same rules as tests/load/lib/seqs.js (k6 cannot load TypeScript, the bench
 * cannot load that ES module): k6-scripts.spec.ts checks the two agree.
 */
export class SeqTracker {
  private readonly seen = new Set<number>();
  highest: number;
  contiguous: number;
  duplicates = 0;
  outOfOrder = 0;
  gaps = 0;

  constructor(readonly base = 0) {
    this.highest = base;
    this.contiguous = base;
  }

  record(seq: number): 'new' | 'again' | 'before' {
    if (seq <= this.base) return 'before';
    if (this.seen.has(seq)) {
      this.duplicates += 1;
      return 'again';
    }
    if (seq < this.highest) this.outOfOrder += 1;
    else if (seq > this.highest + 1) this.gaps += 1;
    this.seen.add(seq);
    if (seq > this.highest) this.highest = seq;
    while (this.seen.has(this.contiguous + 1)) this.contiguous += 1;
    return 'new';
  }

  since(): number {
    return this.contiguous;
  }

  get received(): number {
    return this.seen.size;
  }

  has(seq: number): boolean {
    return this.seen.has(seq);
  }

  missing(last: number): number[] {
    const out: number[] = [];
    for (let seq = this.contiguous + 1; seq <= last; seq++) if (!this.seen.has(seq)) out.push(seq);
    return out;
  }

  missingIn(from: number, to: number): number {
    let count = 0;
    for (let seq = Math.max(from, this.base) + 1; seq <= to; seq++) if (!this.seen.has(seq)) count += 1;
    return count;
  }
}
