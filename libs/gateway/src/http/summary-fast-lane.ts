import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import { roomIdSchema, summaryBodySchema } from '@lt/contracts';
import { clientIdOf } from '../auth/ip-rate-limiter.guard';
import { trustedOrigins, type GatewayConfig } from '../gateway.config';
import { isOriginAllowed } from '../live/origin';
import { ApiExceptionFilter, retryAfterOf } from './api-exception.filter';
import { clientAddressOf, type TrustProxyFn } from './client-address';
import type { HeaderValue } from './security-headers';
import { SUMMARY_PATH } from './summary-admission';
import type { SharedSummaryAnswers } from './summary-shared-answers';

/** A summary request's body is a language and a seq: anything larger takes the normal route. */
const MAX_BODY_BYTES = 1_024;
const JSON_TYPE = /^application\/json\s*(;|$)/i;

export interface SummaryFastLaneOptions {
  answers: SharedSummaryAnswers;
  config: GatewayConfig;
  /** The headers every API answer carries (the security headers), set on the lane's answers. */
  headers: [string, HeaderValue][];
  trustProxy: () => TrustProxyFn | undefined;
}

type Claim = { roomId: string; clientId: string | undefined } | null;

/** A body that is not JSON, answered as the body parser's error is. */
class BodyNotJson extends Error {
  readonly status = 400;
  readonly expose = true;
  readonly type = 'entity.parse.failed';
}

/**
 * A storm of viewers pressing 'Generate Summary' answered at the HTTP server itself, before express, Nest
 * and a trace span each: while this gateway holds or waits for a summary of the room, a well-formed request
 * for it (allowed Origin, JSON body of a few bytes, valid client id) is read here and answered from the
 * shared answer, counted against the same shares as the route, with the same headers and body. Every other
 * request, and any this lane cannot answer from what it holds (another language, a body the route must judge),
 * goes on to express as it came, its body already read and parsed. Returns whether a request is the lane's.
 */
export function installSummaryFastLane(server: Server, options: SummaryFastLaneOptions): (req: IncomingMessage) => boolean {
  const { answers, config, headers } = options;
  const filter = new ApiExceptionFilter();
  const listeners = server.listeners('request') as RequestListener[];
  if (listeners.length === 0)
    throw new Error('the summary fast lane goes in front of the HTTP server it is given: it has no request handler yet');
  server.removeAllListeners('request');
  const forward = (req: IncomingMessage, res: ServerResponse) => {
    for (const listener of listeners) listener.call(server, req, res);
  };
  const failed = (res: ServerResponse, error: unknown) => {
    const [status, body] = filter.toBody(error);
    const retryAfter = retryAfterOf(error);
    if (retryAfter) res.setHeader('Retry-After', retryAfter);
    answers.write(res, status, body);
  };

  const origins = trustedOrigins(config);
  /** A request the lane answers, judged from its headers alone: its room and client id; null for any other request. */
  const judge = (req: IncomingMessage): Claim => {
    if (req.method !== 'POST') return null;
    const path = SUMMARY_PATH.exec(req.url ?? '');
    if (!path || !answers.hasAnyFor(path[1]) || !roomIdSchema.safeParse(path[1]).success) return null;
    const length = Number(req.headers['content-length']);
    if (req.headers['transfer-encoding'] !== undefined || !(length > 0 && length <= MAX_BODY_BYTES)) return null;
    if (!JSON_TYPE.test(req.headers['content-type'] ?? '')) return null;
    if (!isOriginAllowed(req.headers.origin, req.headers.host, origins)) return null;
    try {
      return { roomId: path[1], clientId: clientIdOf(req.headers) };
    } catch {
      return null;
    }
  };
  // Judged once a request: the tracing hook asks first, the lane itself next.
  const claims = new WeakMap<IncomingMessage, Claim>();
  const claimOf = (req: IncomingMessage): Claim => {
    let claim = claims.get(req);
    if (claim === undefined) claims.set(req, (claim = judge(req)));
    return claim;
  };

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const claim = claimOf(req);
    if (!claim) return forward(req, res);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch (error) {
        for (const [name, value] of headers) res.setHeader(name, value);
        return failed(res, new BodyNotJson((error as Error).message));
      }
      // Read here: the body parser leaves a finished request's body as it is.
      (req as IncomingMessage & { body?: unknown }).body = parsed;
      const body = summaryBodySchema.safeParse(parsed);
      if (!body.success) return forward(req, res);
      const caller = { address: clientAddressOf(req, options.trustProxy()), clientId: claim.clientId };
      for (const [name, value] of headers) res.setHeader(name, value);
      const answering = answers.answer(res, { roomId: claim.roomId, ...body.data }, caller, (error) => failed(res, error));
      if (answering) return;
      for (const [name] of headers) res.removeHeader(name);
      forward(req, res);
    });
  });
  return (req) => claimOf(req) !== null;
}
