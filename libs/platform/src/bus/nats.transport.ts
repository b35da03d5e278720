import { Logger } from '@nestjs/common';
import {
  ClientNats,
  MsPattern,
  NatsContext,
  NatsOptions,
  NatsRecordBuilder,
  ReadPacket,
  ServerNats,
  WritePacket,
} from '@nestjs/microservices';
import { NO_MESSAGE_HANDLER } from '@nestjs/microservices/constants';
import { EmptyResponseException } from '@nestjs/microservices/errors/empty-response.exception';
import { ErrorCode, headers as natsHeaders, JSONCodec, NatsError, type Msg, type NatsConnection, type Subscription } from 'nats';
import { BusErrorCode } from '@lt/contracts';
import { contextFrom, withContext } from '../telemetry/tracing';
import { BusUnreachableError, type BusListener, type BytesListener, type SubscribingClient, type Unsubscribe } from './bus-client';
import { busHandlersInFlight, HANDLERS_DRAIN_MS } from './handlers-in-flight';
import { guardedRespond, isPayloadTooLarge, type Respond } from './reply-guard';

type NatsClientOptions = Required<NatsOptions>['options'];

/** Every subject of this deployment under its own namespace, so deployments (or test runs) can share one NATS. */
const prefixed = (prefix: string, subject: string) => (prefix ? `${prefix}.${subject}` : subject);

/** Connection settings shared by the server and the client: reconnect for ever, named for monitoring. */
export const natsConnectionOptions = (url: string, name: string): NatsClientOptions => ({
  servers: url,
  name,
  maxReconnectAttempts: -1,
  reconnectTimeWait: 1000,
  timeout: 5000,
});

/** How long a closing server waits for NATS to confirm it read what was sent (NATS may be gone too). */
const CLOSE_FLUSH_MS = 2_000;

/** Settles once NATS has read everything sent on the connection, or after `ms` (a lost connection never answers). */
function flushWithin(connection: NatsConnection, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  return Promise.race([connection.flush().catch(() => undefined), late]).finally(() => clearTimeout(timer));
}

/** The NATS errors that mean the request reached nobody: the connection is down, closing, or no one subscribes. */
const UNREACHABLE: ReadonlySet<string> = new Set([
  ErrorCode.ConnectionClosed,
  ErrorCode.ConnectionDraining,
  ErrorCode.ConnectionRefused,
  ErrorCode.ConnectionTimeout,
  ErrorCode.Disconnect,
  ErrorCode.NoResponders,
]);

/**
 * A failure of Nest's NATS client as the bus's own error when nothing was reached: NATS errors by their code,
 * Nest's empty answer (NATS's "no responders") and its no-handler reply by their type and constant.
 */
export function natsFailure(error: unknown): unknown {
  if (error instanceof NatsError && UNREACHABLE.has(error.code)) return new BusUnreachableError(error.message);
  if (error instanceof EmptyResponseException || error === NO_MESSAGE_HANDLER) return new BusUnreachableError(String(error));
  if (isPayloadTooLarge(error)) return { code: BusErrorCode.PayloadTooLarge, message: 'The request is larger than the bus carries' };
  return error;
}

/**
 * Nest's NATS server, with a subject prefix. Nest subscribes each handler with the queue group of its pattern's
 * extras; it is handed a connection that puts the prefix in front of every subject it subscribes to.
 */
export class PrefixedNatsServer extends ServerNats {
  private readonly taking: Subscription[] = [];

  constructor(
    options: NatsClientOptions,
    private readonly prefix: string,
  ) {
    super(options);
  }

  bindEvents(client: NatsConnection): void {
    const prefix = this.prefix;
    const subscribe: NatsConnection['subscribe'] = (subject, opts) => {
      const subscription = client.subscribe(prefixed(prefix, subject), opts);
      this.taking.push(subscription);
      return subscription;
    };
    super.bindEvents(new Proxy(client, { get: (target, key) => (key === 'subscribe' ? subscribe : Reflect.get(target, key, target)) }));
  }

  /**
   * Closes without losing a request: first the handlers' subscriptions end, and NATS has read their end once the
   * flush answers (a connection's protocol is read in order). From then on a request goes to another replica, or is
   * refused at once (no responders), instead of waiting out its timeout on a closed connection. The handlers still
   * running then finish and answer (within a bound) before the connection closes.
   */
  async close(): Promise<void> {
    for (const subscription of this.taking.splice(0)) subscription.unsubscribe();
    const connection = this.unwrapIfConnected();
    if (connection && !connection.isClosed()) {
      await flushWithin(connection, CLOSE_FLUSH_MS);
      await busHandlersInFlight.idle(HANDLERS_DRAIN_MS);
      // Their answers are sent before the connection closes (closing drops what is not yet written).
      await flushWithin(connection, CLOSE_FLUSH_MS);
    }
    await super.close();
  }

  private unwrapIfConnected(): NatsConnection | undefined {
    try {
      return this.unwrap<NatsConnection>();
    } catch {
      return undefined;
    }
  }

  /** Nest's reply to a request, guarded: an answer NATS refuses (over `max_payload`) reaches the caller as an error. */
  getPublisher(natsMsg: Msg, id: string, ctx: NatsContext): Respond {
    return guardedRespond(super.getPublisher(natsMsg, id, ctx) as Respond, natsMsg.subject);
  }
}

/** Nest's NATS client, with the same prefix and a raw subscription for the gateway's per-room subjects. */
export class PrefixedNatsClient extends ClientNats implements SubscribingClient {
  private readonly log = new Logger('NatsClient');
  private readonly codec = JSONCodec<{ data: unknown }>();
  private connected = false;

  constructor(
    options: NatsClientOptions,
    private readonly prefix: string,
  ) {
    super(options);
    this.status.subscribe((status) => (this.connected = status === 'connected'));
  }

  isConnected(): boolean {
    return this.connected;
  }

  /**
   * Until it has reconnected after losing NATS, Nest's client refuses at once with a bare string (its "connection
   * lost" promise), the one failure of Nest's own that carries no code; a first connection fails with a NATS error.
   */
  async connect(): Promise<NatsConnection> {
    try {
      return await super.connect();
    } catch (error) {
      throw typeof error === 'string' ? new BusUnreachableError(error) : natsFailure(error);
    }
  }

  protected publish(packet: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    return super.publish(packet, (answer) =>
      callback(answer.err === undefined || answer.err === null ? answer : { ...answer, err: natsFailure(answer.err) }),
    );
  }

  record(payload: unknown, headers: Record<string, string>): unknown {
    const h = natsHeaders();
    for (const [key, value] of Object.entries(headers)) h.set(key, value);
    return new NatsRecordBuilder(payload).setHeaders(h).build();
  }

  subscribe<T>(subject: string, listener: BusListener<T>): Unsubscribe {
    const full = prefixed(this.prefix, subject);
    const sub = this.unwrap<NatsConnection>().subscribe(full, {
      callback: (err, msg) => {
        if (err) return this.log.error(`subscription ${subject} failed: ${err.message}`);
        let data: T;
        try {
          data = this.codec.decode(msg.data).data as T;
        } catch {
          return this.log.warn(`dropped an undecodable event on ${msg.subject}`);
        }
        const unprefixed = this.prefix ? msg.subject.slice(this.prefix.length + 1) : msg.subject;
        // The listener runs in the trace the message carries (a sentence's trace reaches its fan-out).
        withContext(contextFrom(msg.headers), () =>
          Promise.resolve()
            .then(() => listener(data, unprefixed))
            .catch((e) => this.log.error(`listener of ${subject} failed`, e as Error)),
        );
      },
    });
    return () => sub.unsubscribe();
  }

  publishBytes(subject: string, data: Uint8Array): void {
    this.unwrap<NatsConnection>().publish(prefixed(this.prefix, subject), data);
  }

  subscribeBytes(subject: string, listener: BytesListener): Unsubscribe {
    const sub = this.unwrap<NatsConnection>().subscribe(prefixed(this.prefix, subject), {
      callback: (err, msg) => {
        if (err) return this.log.error(`subscription ${subject} failed: ${err.message}`);
        listener(msg.data);
      },
    });
    return () => sub.unsubscribe();
  }

  protected normalizePattern(pattern: MsPattern): string {
    return prefixed(this.prefix, super.normalizePattern(pattern));
  }
}
