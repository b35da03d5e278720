import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { roomIdSchema, summaryBodySchema } from '@lt/contracts';
import { clientIdOf } from '../auth/ip-rate-limiter.guard';
import { SUMMARY_PATH } from './summary-admission';
import type { SharedSummaryAnswers } from './summary-shared-answers';

/**
 * Answers a summary another viewer of the room asked for a moment ago (or is waiting for) from the shared
 * answer, before Nest's pipeline (per-request logging, guards, pipes, interceptors). It runs after the
 * security headers, the Origin / JSON rule and the body parser, and keeps the route's own checks: the same
 * schemas and the same per-client, per-address and per-room shares, counted once. Whatever it does not
 * answer itself (invalid input, nothing shared to answer with) goes on to the normal route uncounted; a
 * shared request that fails is answered by the route's exception filter: both paths answer the same. Most
 * of a storm does not come this far: the summary fast lane answers it at the HTTP server.
 */
export function summaryEarlyAnswer(answers: SharedSummaryAnswers): RequestHandler {
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
    const answering = answers.answer(res, { roomId: room.data, ...body.data }, { address: req.ip ?? 'unknown', clientId }, next);
    if (!answering) return next();
  };
}
