import { z } from 'zod';
import { apiErrorBodySchema } from '../api-error';
import { BusErrorCode } from '../errors/bus.errors';
import { GatewayErrorCode } from '../errors/gateway.errors';

/**
 * The HTTP API as data: what each route takes and answers, by status. The gateway's OpenAPI document is
 * generated from it, and the tests hold the gateway's real routes and answers to it.
 */
export type ApiMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * none: anyone; bearer: a valid access token or 401; optional: anyone, but a token sent must verify;
 * bearerOrHostKey: the room owner's access token, or the room's host key in the `X-Host-Key` header.
 */
export type ApiAuth = 'none' | 'bearer' | 'optional' | 'bearerOrHostKey';

export interface ApiHeader {
  description: string;
  schema: z.ZodType;
}

export interface ApiResponse {
  description: string;
  /** The body; none for 204 and redirects. */
  body?: z.ZodType;
  /** The body's media type when it is not JSON (a file such as `text/plain; charset=utf-8`). */
  contentType?: string;
  headers?: Record<string, ApiHeader>;
}

export interface ApiRoute {
  method: ApiMethod;
  /** In OpenAPI's form: `{roomId}` where the controller says `:roomId`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  auth: ApiAuth;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** Request headers the route reads (besides Authorization). */
  headers?: z.ZodObject;
  body?: z.ZodType;
  /** False when the route takes no body as an empty one. */
  bodyRequired?: boolean;
  responses: Record<number, ApiResponse>;
}

export type ApiErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 502 | 503 | 504;

/** The error codes a route may answer, by status. */
export type ApiErrorCodes = Partial<Record<ApiErrorStatus, readonly string[]>>;

const TITLES: Record<ApiErrorStatus, string> = {
  400: 'Bad request',
  401: 'No valid access token',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Not possible in the current state',
  413: 'Body too large',
  415: 'Body not JSON',
  422: 'Conflicts with an existing account',
  429: 'Too many requests',
  500: 'Unexpected error, logged under the correlation id',
  502: 'An answer was larger than the services may send each other (logged under the correlation id)',
  503: 'A service is unavailable; try again',
  504: 'A service did not answer in time; try again',
};

const retryAfter: Record<string, ApiHeader> = {
  'Retry-After': { description: 'Seconds to wait before trying again', schema: z.string().regex(/^[1-9]\d*$/) },
};

/**
 * What the body parser and the request policy answer before any state-changing route runs: a body that is
 * not JSON, over 64 kB or in another charset, or a call from a page of an origin that is not allowed.
 */
export const STATE_CHANGING_ERRORS: ApiErrorCodes = {
  400: ['entity_parse_failed'],
  403: [GatewayErrorCode.ForbiddenOrigin],
  413: ['entity_too_large'],
  415: [GatewayErrorCode.UnsupportedMediaType, 'charset_unsupported'],
};

/** What a route that asks a service over the bus may answer when the service fails or is away. */
export const SERVICE_ERRORS: ApiErrorCodes = {
  400: [BusErrorCode.BadRequest],
  502: [BusErrorCode.PayloadTooLarge],
  503: [BusErrorCode.Unavailable],
  504: [BusErrorCode.Timeout],
};

/** Error answers for the codes of every set given, merged by status; 500 `internal` is always there. */
export function apiErrors(...sets: ApiErrorCodes[]): Record<number, ApiResponse> {
  const byStatus = new Map<ApiErrorStatus, Set<string>>([[500, new Set(['internal'])]]);
  for (const set of sets) {
    for (const [status, codes] of Object.entries(set) as [string, readonly string[]][]) {
      const key = Number(status) as ApiErrorStatus;
      const merged = byStatus.get(key) ?? new Set<string>();
      codes.forEach((code) => merged.add(code));
      byStatus.set(key, merged);
    }
  }
  return Object.fromEntries(
    [...byStatus].map(([status, codes]) => [
      status,
      {
        description: `${TITLES[status]}: ${[...codes].map((c) => `\`${c}\``).join(', ')}`,
        body: apiErrorBodySchema,
        ...(status === 429 ? { headers: retryAfter } : {}),
      },
    ]),
  );
}
