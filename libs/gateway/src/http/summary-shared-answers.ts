import type { ServerResponse } from 'node:http';
import { Logger } from '@nestjs/common';
import { AUTH_MESSAGES, GatewayErrorCode, type ApiErrorBody, type SummaryRequest, type SummaryResponse } from '@lt/contracts';
import { retryAfterSeconds, takeViewerCall, type ViewerCallLimiters } from '../auth/ip-rate-limiter.guard';
import { httpStatusOf } from '../errors/error-map';
import type { SummaryCoalescer } from './summary-coalescer';

/** Early answers are counted and logged once a second, not one line each: a storm is thousands of them. */
const LOG_EVERY_MS = 1_000;
/** Answers written in one turn of the event loop; the socket fan-out gets the next turn. */
const WRITES_PER_TURN = 32;

/** Express's ETag function (`app.get('etag fn')`): the same tag as the route's answers carry. */
export type EtagFn = (body: Buffer, encoding?: BufferEncoding) => string | undefined;

/** Who asks: counted against the same shares as the route counts. */
export interface SummaryCaller {
  address: string;
  clientId: string | undefined;
}

const REFUSAL: ApiErrorBody = { error: { code: GatewayErrorCode.TooManyRequests, message: AUTH_MESSAGES.tooManyRequests } };

/**
 * The summaries this gateway holds or waits for, answered to many askers at once: each answer serialised,
 * encoded and given its ETag once (a storm is thousands of askers, not once per response as `res.json`
 * would), written a few per turn of the event loop (writing all of them at once would hold the captions),
 * the askers counted against the route's shares and logged once a second. The headers written are those
 * `res.json` writes; the caller has set the others (the security headers).
 */
export class SharedSummaryAnswers {
  private readonly logger = new Logger('Api');
  private readonly answered = new Map<number, number>();
  private logTimer: NodeJS.Timeout | null = null;
  private readonly queue: (() => void)[] = [];
  private readonly prepared = new WeakMap<object, { body: Buffer; etag: string | undefined }>();

  constructor(
    private readonly coalescer: SummaryCoalescer,
    private readonly limiters: ViewerCallLimiters,
    private readonly etagFn: () => EtagFn | undefined,
  ) {}

  /** Whether this gateway holds or waits for a summary of the room in any language (a storm is under way). */
  hasAnyFor(roomId: string): boolean {
    return this.coalescer.hasAnyFor(roomId);
  }

  /**
   * The answer shared with others (fresh, or being made) for this request: null when there is none, and the
   * request takes the normal route. Otherwise the caller is counted and answered (200, or 429 past a share);
   * when the shared answer fails, `failed` answers instead (the route's exception filter, or its equal).
   */
  answer(res: ServerResponse, request: SummaryRequest, caller: SummaryCaller, failed: (error: unknown) => void): Promise<void> | null {
    const fresh = this.coalescer.freshAnswer(request);
    const inFlight = fresh ? undefined : this.coalescer.inFlight(request);
    if (!fresh && !inFlight) return null;
    return takeViewerCall(this.limiters, { address: caller.address, clientId: caller.clientId, roomId: request.roomId }).then((waitMs) => {
      if (waitMs !== null) {
        res.setHeader('Retry-After', retryAfterSeconds(waitMs));
        return this.write(res, httpStatusOf(GatewayErrorCode.TooManyRequests), REFUSAL);
      }
      if (fresh) return this.write(res, 200, fresh);
      inFlight?.then(
        (answer: SummaryResponse) => this.write(res, 200, answer),
        (error: unknown) => failed(error),
      );
    }, failed);
  }

  /** Writes a JSON answer as `res.json` would (same headers), in its turn. */
  write(res: ServerResponse, status: number, answer: object): void {
    this.later(() => {
      let entry = this.prepared.get(answer);
      if (!entry) {
        const body = Buffer.from(JSON.stringify(answer));
        const etagFn = this.etagFn();
        this.prepared.set(answer, (entry = { body, etag: typeof etagFn === 'function' ? etagFn(body) : undefined }));
      }
      res.statusCode = status;
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      if (entry.etag) res.setHeader('ETag', entry.etag);
      res.setHeader('Content-Length', entry.body.length);
      res.end(entry.body);
      this.count(status);
    });
  }

  private later(write: () => void): void {
    this.queue.push(write);
    if (this.queue.length === 1) setImmediate(this.drain);
  }

  private readonly drain = () => {
    for (const write of this.queue.splice(0, WRITES_PER_TURN)) write();
    if (this.queue.length) setImmediate(this.drain);
  };

  private count(status: number): void {
    this.answered.set(status, (this.answered.get(status) ?? 0) + 1);
    this.logTimer ??= setTimeout(() => {
      this.logTimer = null;
      const byStatus = [...this.answered].map(([s, n]) => `${n}x${s}`).join(', ');
      this.answered.clear();
      this.logger.log(`POST /api/rooms/:roomId/summary answered early from a shared answer: ${byStatus}`);
    }, LOG_EVERY_MS).unref();
  }
}
