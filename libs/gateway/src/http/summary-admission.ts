import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** The summary route, in the one spelling browsers use. */
export const SUMMARY_PATH = /^\/api\/rooms\/([^/]+)\/summary$/;
/** Summary requests let in per turn of the event loop. */
const PER_TURN = 16;

/**
 * Lets summary requests into the rest of the pipeline (security headers, body, checks, the shared answer) a
 * few per turn of the event loop, in the order they came: when two thousand viewers press the button at
 * once, the captions' own work (a sentence stored, translated, written to the sockets) takes its turns
 * between theirs instead of waiting behind all of them. Nothing is refused here; a request only waits.
 */
export function summaryAdmission(perTurn = PER_TURN): RequestHandler {
  const waiting: NextFunction[] = [];
  const admit = () => {
    for (const next of waiting.splice(0, perTurn)) next();
    if (waiting.length > 0) setImmediate(admit);
  };
  return (req: Request, _res: Response, next: NextFunction) => {
    if (req.method !== 'POST' || !SUMMARY_PATH.test(req.path)) return next();
    waiting.push(next);
    if (waiting.length === 1) setImmediate(admit);
  };
}
