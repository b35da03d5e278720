import { DomainException } from '../errors/domain.exception';

export type BusHandler<Req = unknown, Res = unknown> = (payload: Req) => Promise<Res> | Res;
export type BusListener<T = unknown> = (payload: T) => Promise<void> | void;
export type Unsubscribe = () => void;

export interface RequestOptions {
  timeoutMs?: number;
}

export interface SubscribeOptions {
  /** Subscribers sharing a queue group get each event once between them; without one, every subscriber gets it. */
  queue?: string;
}

/** What travels back on a request: the handler's result or a domain error. */
export type BusReply<T = unknown> = { ok: true; data: T } | { ok: false; error: { code: string; message: string } };

/** An error thrown by the remote handler, rethrown on the caller's side with the same code. */
export class BusRemoteError extends DomainException {}

export const BUS_ERROR_CODES = {
  unavailable: 'unavailable',
  timeout: 'timeout',
  internal: 'internal',
} as const;

export const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;

/**
 * The message bus between the gateway and the services: request/reply served by queue groups, and events.
 * Embedded mode runs it in process; distributed mode over NATS. Domain code sees only this class.
 */
export abstract class Bus {
  abstract request<Res = unknown, Req = unknown>(subject: string, payload: Req, options?: RequestOptions): Promise<Res>;
  abstract publish<T = unknown>(subject: string, payload: T): void;
  abstract subscribe<T = unknown>(subject: string, listener: BusListener<T>, options?: SubscribeOptions): Unsubscribe;
  /** Serves requests on a subject; replicas serving the same subject share the load. */
  abstract serve<Req = unknown, Res = unknown>(subject: string, handler: BusHandler<Req, Res>): Unsubscribe;
  abstract close(): Promise<void>;
}

/** Runs a handler and turns its outcome into a reply; unknown errors are logged, never leaked. */
export async function replyFrom<Res>(
  handler: () => Promise<Res> | Res,
  onUnexpected: (error: unknown) => void,
): Promise<BusReply<Res>> {
  try {
    return { ok: true, data: await handler() };
  } catch (error) {
    if (error instanceof DomainException) return { ok: false, error: { code: error.code, message: error.message } };
    onUnexpected(error);
    return { ok: false, error: { code: BUS_ERROR_CODES.internal, message: 'Internal error' } };
  }
}

export function unwrapReply<Res>(reply: BusReply<Res>): Res {
  if (reply.ok) return reply.data;
  throw new BusRemoteError(reply.error.code, reply.error.message);
}

/** Queue group of the service that owns a subject: its first segment ("rooms.room.get" -> "rooms"). */
export function ownerOf(subject: string): string {
  return subject.split('.', 1)[0];
}
