import { Logger } from '@nestjs/common';
import { connect, ErrorCode, JSONCodec, NatsConnection, NatsError, Subscription } from 'nats';
import {
  Bus,
  BUS_ERROR_CODES,
  BusHandler,
  BusListener,
  BusRemoteError,
  BusReply,
  DEFAULT_REQUEST_TIMEOUT_MS,
  ownerOf,
  replyFrom,
  RequestOptions,
  SubscribeOptions,
  Unsubscribe,
  unwrapReply,
} from './bus';

/** The bus of distributed mode: NATS core request/reply with queue groups, and plain subjects for events. */
export class NatsBus extends Bus {
  private readonly logger = new Logger('NatsBus');
  private readonly codec = JSONCodec();
  private readonly subs = new Set<Subscription>();

  private constructor(
    private readonly nc: NatsConnection,
    private readonly prefix: string,
  ) {
    super();
  }

  /**
   * `prefix` puts every subject of this deployment under its own namespace, so that several deployments
   * (or test runs) can share one NATS without answering each other's requests.
   */
  static async connect(url: string, name: string, prefix = ''): Promise<NatsBus> {
    const nc = await connect({ servers: url, name, maxReconnectAttempts: -1, reconnectTimeWait: 1000, timeout: 5000 });
    return new NatsBus(nc, prefix ? `${prefix}.` : '');
  }

  async request<Res = unknown, Req = unknown>(subject: string, payload: Req, options?: RequestOptions): Promise<Res> {
    try {
      const msg = await this.nc.request(this.prefix + subject, this.codec.encode(payload ?? null), {
        timeout: options?.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
      });
      return unwrapReply(this.codec.decode(msg.data) as BusReply<Res>);
    } catch (error) {
      if (error instanceof NatsError) {
        if (error.code === ErrorCode.NoResponders) {
          throw new BusRemoteError(BUS_ERROR_CODES.unavailable, `No service answers ${subject}`);
        }
        if (error.code === ErrorCode.Timeout) {
          throw new BusRemoteError(BUS_ERROR_CODES.timeout, `${subject} timed out`);
        }
      }
      throw error;
    }
  }

  publish<T = unknown>(subject: string, payload: T): void {
    this.nc.publish(this.prefix + subject, this.codec.encode(payload));
  }

  subscribe<T = unknown>(subject: string, listener: BusListener<T>, options?: SubscribeOptions): Unsubscribe {
    return this.track(
      this.nc.subscribe(this.prefix + subject, {
        queue: options?.queue,
        callback: (err, msg) => {
          if (err) return this.logger.error(`subscription ${subject} failed: ${err.message}`);
          let payload: T;
          try {
            payload = this.codec.decode(msg.data) as T;
          } catch {
            return this.logger.warn(`dropped an undecodable event on ${subject}`);
          }
          Promise.resolve()
            .then(() => listener(payload))
            .catch((e) => this.logger.error(`listener of ${subject} failed`, e as Error));
        },
      }),
    );
  }

  serve<Req = unknown, Res = unknown>(subject: string, handler: BusHandler<Req, Res>): Unsubscribe {
    return this.track(
      this.nc.subscribe(this.prefix + subject, {
        queue: ownerOf(subject),
        callback: (err, msg) => {
          if (err) return this.logger.error(`service ${subject} failed: ${err.message}`);
          void replyFrom(
            () => handler(this.codec.decode(msg.data) as Req),
            (e) => this.logger.error(`${subject} failed`, e as Error),
          ).then((reply) => msg.respond(this.codec.encode(reply)));
        },
      }),
    );
  }

  async close(): Promise<void> {
    if (this.nc.isClosed()) return;
    await this.nc.drain().catch(() => undefined);
  }

  private track(sub: Subscription): Unsubscribe {
    this.subs.add(sub);
    return () => {
      this.subs.delete(sub);
      sub.unsubscribe();
    };
  }
}
