import { Injectable } from '@nestjs/common';
import { SUMMARY_SEQ_STEP, SUMMARY_SUBJECTS, type SummaryRequest, type SummaryResponse } from '@lt/contracts';
import { Bus } from '@lt/platform';

/** An answer serves later askers of the same summary this long (a storm of viewers pressing the button). */
const FRESH_MS = 1_000;
const MAX_KEPT = 10_000;

/**
 * Viewers of a room ask for the same summary at the same moment (the speaker says "you can ask for a summary
 * now"): this gateway asks translate-svc once per (room, language, start of the span) and hands the answer to
 * every asker, then keeps it a moment for those just behind. translate-svc still makes at most one call per
 * transcript version across gateways; this keeps thousands of identical requests off the bus and the database.
 */
@Injectable()
export class SummaryCoalescer {
  private readonly pending = new Map<string, Promise<SummaryResponse>>();
  private readonly fresh = new Map<string, { answer: SummaryResponse; at: number }>();

  constructor(private readonly bus: Bus) {}

  summarize(request: SummaryRequest): Promise<SummaryResponse> {
    const key = `${request.roomId}:${request.lang}:${Math.floor((request.sinceSeq ?? 0) / SUMMARY_SEQ_STEP)}`;
    const kept = this.fresh.get(key);
    if (kept && Date.now() - kept.at < FRESH_MS) return Promise.resolve(kept.answer);
    let pending = this.pending.get(key);
    if (!pending) {
      pending = this.bus
        .request(SUMMARY_SUBJECTS.summarize, request, { timeoutMs: 60_000 })
        .then((answer) => {
          if (this.fresh.size >= MAX_KEPT) this.fresh.clear();
          this.fresh.set(key, { answer, at: Date.now() });
          return answer;
        })
        .finally(() => this.pending.delete(key));
      this.pending.set(key, pending);
    }
    return pending;
  }
}
