import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { GatewayErrorCode, type ApiErrorBody } from '@lt/contracts';
import { httpStatusOf } from '../../errors/error-map';
import { trustedOrigins, type GatewayConfig } from '../../gateway.config';
import { isOriginAllowed } from '../../live/connection/origin';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A body is there when the request is chunked or says it has bytes; `Content-Length: 0` is no body. */
function hasBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

function refuse(res: Response, code: GatewayErrorCode, message: string): void {
  const body: ApiErrorBody = { error: { code, message } };
  res.status(httpStatusOf(code)).json(body);
}

/**
 * What every state-changing call (all under /api) must be: from a page of an allowed origin (the same rule
 * as the socket's; no Origin header means a non-browser client and passes), and with a JSON body when it
 * has one. A cross-site form can neither send JSON nor hide its Origin, so it cannot act for a visitor.
 */
export function apiRequestPolicy(config: GatewayConfig): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!STATE_CHANGING.has(req.method)) return next();
    if (!isOriginAllowed(req.get('origin'), req.get('host'), trustedOrigins(config))) {
      return refuse(res, GatewayErrorCode.ForbiddenOrigin, 'Requests from this origin are not allowed.');
    }
    if (hasBody(req) && !req.is('application/json')) {
      return refuse(res, GatewayErrorCode.UnsupportedMediaType, 'The request body must be JSON (Content-Type: application/json).');
    }
    next();
  };
}
