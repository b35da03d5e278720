import { Injectable } from '@nestjs/common';
import { SUMMARY_SEQ_STEP, SUMMARY_SUBJECTS, type SummaryRequest, type SummaryResponse } from '@lt/contracts';
import { Bus } from '@lt/platform';

/** An answer serves later askers of the same summary this long (a storm of viewers pressing the button). */
const FRESH_MS = 1_000;
const MAX_KEPT = 10_000;

/** Requests with the same key get the same answer: same room and language, same span of SUMMARY_SEQ_STEP seqs. */
const keyOf = (request: SummaryRequest) => `${request.roomId}:${request.lang}:${Math.floor((request.sinceSeq ?? 0) / SUMMARY_SEQ_STEP)}`;

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
  /** Per room: summaries being asked for, and until when one answer is fresh (whatever its language). */
  private readonly asking = new Map<string, number>();
  private readonly freshUntil = new Map<string, number>();

  constructor(private readonly bus: Bus) {}

  /** The answer this gateway got for the same summary less than a moment ago, if any: no bus call, no wait. */
  freshAnswer(request: SummaryRequest): SummaryResponse | undefined {
    const kept = this.fresh.get(keyOf(request));
    return kept && Date.now() - kept.at < FRESH_MS ? kept.answer : undefined;
  }

  /** Whether this gateway holds a fresh answer, or waits for one, for the room in any language. */
  hasAnyFor(roomId: string): boolean {
    return (this.asking.get(roomId) ?? 0) > 0 || (this.freshUntil.get(roomId) ?? 0) > Date.now();
  }

  /** The answer this gateway is waiting for to the same summary, if any. */
  inFlight(request: SummaryRequest): Promise<SummaryResponse> | undefined {
    return this.pending.get(keyOf(request));
  }

  summarize(request: SummaryRequest): Promise<SummaryResponse> {
    const key = keyOf(request);
    const kept = this.freshAnswer(request);
    if (kept) return Promise.resolve(kept);
    let pending = this.pending.get(key);
    if (!pending) {
      const { roomId } = request;
      this.asking.set(roomId, (this.asking.get(roomId) ?? 0) + 1);
      pending = this.bus
        .request(SUMMARY_SUBJECTS.summarize, request, { timeoutMs: 60_000 })
        .then((answer) => {
          if (this.fresh.size >= MAX_KEPT) this.fresh.clear();
          if (this.freshUntil.size >= MAX_KEPT) this.freshUntil.clear();
          this.fresh.set(key, { answer, at: Date.now() });
          this.freshUntil.set(roomId, Date.now() + FRESH_MS);
          return answer;
        })
        .finally(() => {
          this.pending.delete(key);
          const left = (this.asking.get(roomId) ?? 1) - 1;
          if (left > 0) this.asking.set(roomId, left);
          else this.asking.delete(roomId);
        });
      this.pending.set(key, pending);
    }
    return pending;
  }
}
