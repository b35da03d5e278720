import { Logger } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AUTH_MESSAGES, GatewayErrorCode, roomIdSchema, summaryBodySchema, type ApiErrorBody } from '@lt/contracts';
import { clientIdOf, retryAfterSeconds, takeViewerCall, type ViewerCallLimiters } from '../auth/ip-rate-limiter.guard';
import { httpStatusOf } from '../errors/error-map';
import type { SummaryCoalescer } from './summary-coalescer';

/** The one form of the summary route answered early; any other spelling takes the normal path. */
const SUMMARY_PATH = /^\/api\/rooms\/([^/]+)\/summary$/;
/** Early answers are counted and logged once a second, not one line each: a storm is thousands of them. */
const LOG_EVERY_MS = 1_000;
/** Answers written in one turn of the event loop; the socket fan-out gets the next turn. */
const WRITES_PER_TURN = 32;

/**
 * Writes answers a few at a time, one batch per turn of the event loop: when the answer a thousand viewers
 * wait for arrives, writing all of them at once would hold the captions behind them.
 */
function writeQueue(): (write: () => void) => void {
  const queue: (() => void)[] = [];
  const drain = () => {
    for (const write of queue.splice(0, WRITES_PER_TURN)) write();
    if (queue.length) setImmediate(drain);
  };
  return (write) => {
    queue.push(write);
    if (queue.length === 1) setImmediate(drain);
  };
}

type EtagFn = (body: Buffer, encoding?: BufferEncoding) => string | undefined;

/**
 * The shared answer as written: serialised, encoded and given its ETag once for all its askers (a storm is
 * thousands of them), not once per response as `res.json` would. The headers are those `res.json` writes.
 */
function preparedAnswers(): (answer: object, etagFn: EtagFn | undefined) => { body: Buffer; etag: string | undefined } {
  const prepared = new WeakMap<object, { body: Buffer; etag: string | undefined }>();
  return (answer, etagFn) => {
    let entry = prepared.get(answer);
    if (!entry) {
      const body = Buffer.from(JSON.stringify(answer));
      prepared.set(answer, (entry = { body, etag: typeof etagFn === 'function' ? etagFn(body) : undefined }));
    }
    return entry;
  };
}

/**
 * Answers a summary another viewer of the room asked for a moment ago (or is waiting for) straight from the
 * coalescer, before Nest's pipeline (per-request logging, guards, pipes, interceptors), so that a storm of
 * viewers pressing the button costs the socket fan-out as little as possible. It runs after the security
 * headers, the Origin / JSON rule and the body parser, and keeps the route's own checks: the same schemas and
 * the same per-client, per-address and per-room shares, counted once. Whatever it does not answer itself
 * (invalid input, nothing shared to answer with) goes on to the normal route uncounted; a shared request that
 * fails is answered by the route's exception filter: both paths answer the same.
 */
export function summaryEarlyAnswer(coalescer: SummaryCoalescer, limiters: ViewerCallLimiters): RequestHandler {
  const logger = new Logger('Api');
  const answered = new Map<number, number>();
  let logTimer: NodeJS.Timeout | null = null;
  const later = writeQueue();
  const prepare = preparedAnswers();
  const count = (status: number) => {
    answered.set(status, (answered.get(status) ?? 0) + 1);
    logTimer ??= setTimeout(() => {
      logTimer = null;
      const byStatus = [...answered].map(([s, n]) => `${n}x${s}`).join(', ');
      answered.clear();
      logger.log(`POST /api/rooms/:roomId/summary answered early from a shared answer: ${byStatus}`);
    }, LOG_EVERY_MS).unref();
  };

  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'POST') return next();
    const path = SUMMARY_PATH.exec(req.path);
    if (!path) return next();
    const room = roomIdSchema.safeParse(path[1]);
    const body = summaryBodySchema.safeParse(req.body ?? {});
    if (!room.success || !body.success) return next();
    let clientId: string | undefined;
    try {
      clientId = clientIdOf(req.headers);
    } catch {
      return next();
    }
    const request = { roomId: room.data, ...body.data };
    const fresh = coalescer.freshAnswer(request);
    const inFlight = fresh ? undefined : coalescer.inFlight(request);
    if (!fresh && !inFlight) return next();
    const respond = (status: number, answer: unknown) =>
      later(() => {
        res.status(status).json(answer);
        count(status);
      });
    takeViewerCall(limiters, { address: req.ip ?? 'unknown', clientId, roomId: room.data }).then((waitMs) => {
      if (waitMs !== null) {
        const refusal: ApiErrorBody = { error: { code: GatewayErrorCode.TooManyRequests, message: AUTH_MESSAGES.tooManyRequests } };
        res.setHeader('Retry-After', retryAfterSeconds(waitMs));
        return respond(httpStatusOf(GatewayErrorCode.TooManyRequests), refusal);
      }
      const answer200 = (answer: object) =>
        later(() => {
          const { body, etag } = prepare(answer, req.app.get('etag fn') as EtagFn | undefined);
          res.status(200).set('Content-Type', 'application/json; charset=utf-8');
          if (etag) res.set('ETag', etag);
          res.send(body);
          count(200);
        });
      if (fresh) return answer200(fresh);
      // A failure goes to the same exception filter as the route's: every asker gets the same error.
      inFlight?.then(answer200, next);
    }, next);
  };
}
