import { Logger } from '@nestjs/common';
import { ClientNats, MsPattern, NatsOptions, NatsRecordBuilder, ServerNats } from '@nestjs/microservices';
import { headers as natsHeaders, JSONCodec, type NatsConnection, type Subscription } from 'nats';
import { contextFrom, withContext } from '../telemetry/tracing';
import type { BusListener, SubscribingClient, Unsubscribe } from './bus-client';

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

/** Nest's NATS server, with a subject prefix; each handler's queue group comes from its pattern's extras. */
export class PrefixedNatsServer extends ServerNats {
  constructor(
    options: NatsClientOptions,
    private readonly prefix: string,
  ) {
    super(options);
  }

  bindEvents(client: NatsConnection): void {
    const subscriptions = (this as unknown as { subscriptions: Subscription[] }).subscriptions;
    for (const [channel, handler] of this.messageHandlers) {
      const queue = (handler.extras as { queue?: string } | undefined)?.queue;
      subscriptions.push(
        client.subscribe(prefixed(this.prefix, channel), { queue, callback: this.getMessageHandler(channel).bind(this) }),
      );
    }
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

  protected normalizePattern(pattern: MsPattern): string {
    return prefixed(this.prefix, super.normalizePattern(pattern));
  }
}
