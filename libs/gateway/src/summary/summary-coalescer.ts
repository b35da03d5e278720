import { Injectable } from '@nestjs/common';
import { SUMMARY_SEQ_STEP, SUMMARY_SUBJECTS, type SummaryFrame, type SummaryRequest, type SummaryResponse } from '@lt/contracts';
import { Bus, ExpiringMap } from '@lt/platform';

/** An answer serves later askers of the same summary this long (a storm of viewers pressing the button). */
const FRESH_MS = 1_000;
const MAX_KEPT = 10_000;
/** How long a summary is waited for from translate-svc (which gives the model LLM_LONG_DEADLINE_MS at most). */
const ASK_TIMEOUT_MS = 60_000;

/** One answer shared by every asker: the response, and the `summary` frame serialised once for all their sockets. */
export interface SharedSummary {
  answer: SummaryResponse;
  frame: Buffer;
}

/** Where a summary starts: `sinceSeq` rounded down to a multiple of SUMMARY_SEQ_STEP (0: the whole session). */
export const spanStartOf = (sinceSeq: number | undefined) => Math.floor((sinceSeq ?? 0) / SUMMARY_SEQ_STEP) * SUMMARY_SEQ_STEP;

/** Requests with the same key get the same answer: same room and language, same span of SUMMARY_SEQ_STEP seqs. */
const keyOf = (request: SummaryRequest) => `${request.roomId}:${request.lang}:${spanStartOf(request.sinceSeq)}`;

/**
 * Viewers of a room ask for the same summary at the same moment (the speaker says "you can ask for a summary
 * now"): this gateway asks translate-svc once per (room, language, start of the span) and hands the answer to
 * every asker, then keeps it a moment for those just behind. translate-svc makes at most one model call per
 * transcript version across gateways; this keeps thousands of identical requests off the bus and the database.
 */
@Injectable()
export class SummaryCoalescer {
  /** Answers of a moment ago, and those being asked for. */
  private readonly fresh = new ExpiringMap<string, SharedSummary>({ max: MAX_KEPT, ttlMs: FRESH_MS });

  constructor(private readonly bus: Bus) {}

  summarize(request: SummaryRequest): Promise<SummaryResponse> {
    return this.shared(request).then((shared) => shared.answer);
  }

  /** The shared answer: kept from a moment ago, the one being asked for, or asked for now. */
  shared(request: SummaryRequest): Promise<SharedSummary> {
    return this.fresh.fetch(keyOf(request), async () => {
      const answer = await this.bus.request(SUMMARY_SUBJECTS.summarize, request, { timeoutMs: ASK_TIMEOUT_MS });
      const frame: SummaryFrame = {
        type: 'summary',
        roomId: request.roomId,
        lang: request.lang,
        sinceSeq: spanStartOf(request.sinceSeq),
        ...answer,
      };
      return { answer, frame: Buffer.from(JSON.stringify(frame)) };
    });
  }
}
