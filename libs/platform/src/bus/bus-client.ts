import { Inject, Injectable, Logger } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import {
  BusErrorCode,
  isErrorCode,
  type EventOf,
  type EventRoute,
  type ReplyOf,
  type RequestOf,
  type RequestRoute,
  type RoomEventRoute,
} from '@lt/contracts';
import { DomainException } from '../errors/domain.exception';
import { inSpan, SpanKind, traceHeaders } from '../telemetry/tracing';

export type BusListener<T = unknown> = (payload: T, subject: string) => Promise<void> | void;
/** Hears the bytes of a binary subject, in the order they were published. */
export type BytesListener = (data: Uint8Array) => void;
export type Unsubscribe = () => void;

/** A transport client that can also subscribe to a subject at run time (the gateway's per-room subjects). */
export interface SubscribingClient {
  subscribe<T>(subject: string, listener: BusListener<T>): Unsubscribe;
  /** Bytes as they are, without JSON, headers or trace context (a stream's audio: docs/bus.md). */
  publishBytes(subject: string, data: Uint8Array): void;
  subscribeBytes(subject: string, listener: BytesListener): Unsubscribe;
  isConnected(): boolean;
  /** The payload with message headers (the trace context), in this transport's own record type. */
  record(payload: unknown, headers: Record<string, string>): unknown;
}

export interface RequestOptions {
  timeoutMs?: number;
}

export const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;

/** The transport client of this process (in-process or NATS). */
export const BUS_CLIENT = Symbol('BUS_CLIENT');

/** An error answered by the remote handler, or by the bus itself, rethrown on the caller's side with its code. */
export class BusRemoteError extends DomainException {}

/**
 * Thrown by a transport when a request reached no handler: the connection is down or closing, or nothing
 * serves the subject. The caller sees `unavailable` and may try again.
 */
export class BusUnreachableError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'BusUnreachableError';
  }
}

/**
 * The typed face of the bus: a request or an event names its route from libs/contracts, and the payload and
 * reply types follow from it. Domain code sees only this class, whatever the transport.
 */
@Injectable()
export class Bus {
  private readonly logger = new Logger('Bus');
  /** Set at shutdown: the client would otherwise open a new connection for a late caller, and keep the process alive. */
  private closed = false;

  constructor(@Inject(BUS_CLIENT) private readonly client: ClientProxy & SubscribingClient) {}

  /** The process is shutting down: from now on requests are refused and events dropped. */
  close(): void {
    this.closed = true;
  }

  /** Whether `close` was called: a process in that state serves nothing any more. */
  isClosed(): boolean {
    return this.closed;
  }

  async request<R extends RequestRoute>(route: R, payload: RequestOf<R>, options?: RequestOptions): Promise<ReplyOf<R>> {
    if (this.closed) throw new BusRemoteError(BusErrorCode.Unavailable, `${route.subject}: the bus of this process is closed`);
    const timeoutMs = options?.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    return inSpan(`send ${route.subject}`, { kind: SpanKind.CLIENT, attributes: messagingAttributes(route.subject) }, async () => {
      try {
        const message = this.withTraceContext(payload ?? {});
        return await firstValueFrom(this.client.send<ReplyOf<R>>(route.subject, message).pipe(timeout(timeoutMs)));
      } catch (error) {
        throw toBusError(route.subject, error, timeoutMs);
      }
    });
  }

  emit<R extends EventRoute>(route: R, payload: EventOf<R>): void {
    this.dispatch(route.subject, payload);
  }

  /** Publishes a room event on the room's own subject (and a key such as the language, for keyed events). */
  emitToRoom<R extends RoomEventRoute>(route: R, to: { roomId: string; key?: string }, payload: EventOf<R>): void {
    this.dispatch(route.subject(to.roomId, to.key), payload);
  }

  /** Subscribes at run time, without a queue group; for subjects that cannot be known when the process starts. */
  subscribe<T>(subject: string, listener: BusListener<T>): Unsubscribe {
    return this.client.subscribe(subject, listener);
  }

  /**
   * Publishes bytes as they are on a subject of their own: no JSON, no headers, no span (an audio stream's chunks,
   * ten a second per stream, would spend more on those than on the audio). The listener checks what it gets.
   */
  publishBytes(subject: string, data: Uint8Array): void {
    if (this.closed) return;
    try {
      this.client.publishBytes(subject, data);
    } catch (error) {
      this.logger.warn(`could not publish ${subject}: ${describe(error)}`);
    }
  }

  /** A listener that throws is logged, and the next message still reaches it (the transports only deliver). */
  subscribeBytes(subject: string, listener: BytesListener): Unsubscribe {
    return this.client.subscribeBytes(subject, (bytes) => {
      try {
        listener(bytes);
      } catch (error) {
        this.logger.error(`listener of ${subject} failed`, error as Error);
      }
    });
  }

  isConnected(): boolean {
    return this.client.isConnected();
  }

  /** The payload with the current trace context in the message headers, so the receiver's spans join the trace. */
  private withTraceContext(payload: unknown): unknown {
    const headers = traceHeaders();
    return Object.keys(headers).length ? this.client.record(payload, headers) : payload;
  }

  private dispatch(subject: string, payload: unknown): void {
    if (this.closed) return;
    this.client.emit(subject, this.withTraceContext(payload)).subscribe({
      error: (error: unknown) => this.logger.warn(`could not publish ${subject}: ${describe(error)}`),
    });
  }
}

/** OpenTelemetry's messaging attributes of a subject. */
export function messagingAttributes(subject: string) {
  return { 'messaging.system': 'nats', 'messaging.destination.name': subject };
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error && 'message' in error) return String((error as { message: unknown }).message);
  return String(error);
}

/** Every way a request can fail, as a coded error: the remote's own code, or unavailable / timeout / internal. */
export function toBusError(subject: string, error: unknown, timeoutMs: number): BusRemoteError {
  if (error instanceof BusRemoteError) return error;
  if (error instanceof TimeoutError) return new BusRemoteError(BusErrorCode.Timeout, `${subject} timed out after ${timeoutMs} ms`);
  if (error instanceof BusUnreachableError) return new BusRemoteError(BusErrorCode.Unavailable, `No service answers ${subject}`);
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const { code, message, retryAfterSeconds } = error as { code: unknown; message?: unknown; retryAfterSeconds?: unknown };
    if (isErrorCode(code)) {
      const wait = typeof retryAfterSeconds === 'number' && retryAfterSeconds > 0 ? retryAfterSeconds : undefined;
      return new BusRemoteError(code, typeof message === 'string' ? message : code, wait);
    }
  }
  return new BusRemoteError(BusErrorCode.Internal, 'Internal error');
}
