/**
 * Where a provider session's times fall in the stream: a session counts ms from its first sample, the stream
 * from its capture start (a new session starts from replayed audio, and a page may skip lost chunks).
 */
export class SessionClock {
  /** Per chunk sent: its start in session ms and in stream ms, in order. */
  private readonly marks: { sessionMs: number; atMs: number }[] = [];
  private sessionMs = 0;

  sent(_seq: number, atMs: number, ms: number): void {
    const last = this.marks[this.marks.length - 1];
    // Contiguous audio needs no new mark: only a jump in the stream's time does.
    if (!last || Math.abs(last.atMs + (this.sessionMs - last.sessionMs) - atMs) > 1) this.marks.push({ sessionMs: this.sessionMs, atMs });
    this.sessionMs += ms;
  }

  toStream(sessionMs: number): number {
    let lo = 0;
    let hi = this.marks.length - 1;
    if (hi < 0) return sessionMs;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.marks[mid].sessionMs <= sessionMs) lo = mid;
      else hi = mid - 1;
    }
    const mark = this.marks[lo];
    return Math.round(mark.atMs + (sessionMs - mark.sessionMs));
  }
}
