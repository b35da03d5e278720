import { Logger } from '@nestjs/common';
import { BaseRpcContext, ClientProxy, CustomTransportStrategy, ReadPacket, Server, WritePacket } from '@nestjs/microservices';
import { BusErrorCode } from '@lt/contracts';
import { Bus, type BusListener, type BytesListener, type SubscribingClient, type Unsubscribe } from './bus-client';
import { guardedRespond } from './reply-guard';
import { subjectMatches } from './subject-match';
import { contextFrom, withContext } from '../telemetry/tracing';

/** What travels in process: the JSON text of a packet, as on the wire, so no caller shares an object with a handler. */
interface Delivery {
  subject: string;
  text: string;
  /** The bytes of a binary subject (`text` is then empty): a copy of the publisher's. */
  bytes?: Uint8Array;
  /** Message headers, as NATS carries them beside the payload (the trace context). */
  headers?: Record<string, string>;
  reply?: (packet: WritePacket) => void;
}

/** A payload with headers, as `Bus` hands it to this transport (NATS has its own record type). */
export class InProcessRecord {
  constructor(
    readonly data: unknown,
    readonly headers: Record<string, string>,
  ) {}
}

/** The packet as it goes on the "wire", and the headers that travel beside it. */
function split(packet: ReadPacket): { packet: ReadPacket; headers?: Record<string, string> } {
  if (!(packet.data instanceof InProcessRecord)) return { packet };
  return { packet: { ...packet, data: packet.data.data }, headers: { ...packet.data.headers } };
}

interface Subscription {
  pattern: string;
  queue?: string;
  deliver: (delivery: Delivery) => void;
}

/**
 * The broker of embedded mode, with NATS' semantics: wildcard subjects (`*` one token, `>` the rest), every
 * plain subscriber gets a message, each queue group gets it once.
 */
export class InProcessBroker {
  private readonly subscriptions = new Set<Subscription>();
  private readonly roundRobin = new Map<string, number>();

  subscribe(pattern: string, queue: string | undefined, deliver: (delivery: Delivery) => void): Unsubscribe {
    const sub: Subscription = { pattern, queue, deliver };
    this.subscriptions.add(sub);
    return () => void this.subscriptions.delete(sub);
  }

  /** Delivers to the subscribers of `subject`; false when there are none (a request then has no responder). */
  publish(delivery: Delivery): boolean {
    const groups = new Map<string, Subscription[]>();
    const targets: Subscription[] = [];
    for (const sub of this.subscriptions) {
      if (!subjectMatches(sub.pattern, delivery.subject)) continue;
      if (!sub.queue) targets.push(sub);
      else groups.set(sub.queue, [...(groups.get(sub.queue) ?? []), sub]);
    }
    for (const [queue, members] of groups) {
      const key = `${delivery.subject}#${queue}`;
      const next = (this.roundRobin.get(key) ?? 0) % members.length;
      this.roundRobin.set(key, next + 1);
      targets.push(members[next]);
    }
    // Asynchronous like a network hop: a publisher never runs its subscribers' code on its own stack.
    for (const target of targets) setImmediate(() => target.deliver(delivery));
    return targets.length > 0;
  }
}

/** What a handler's `@Ctx()` gets in embedded mode: the subject and the headers, as with NATS. */
export class InProcessContext extends BaseRpcContext<[string, Record<string, string> | undefined]> {
  getSubject(): string {
    return this.args[0];
  }

  getHeaders(): Record<string, string> | undefined {
    return this.args[1];
  }
}

/** The server side of the in-process transport: binds every @MessagePattern / @EventPattern to the broker. */
export class InProcessServer extends Server implements CustomTransportStrategy {
  private readonly unsubscribes: Unsubscribe[] = [];

  constructor(private readonly broker: InProcessBroker) {
    super();
  }

  listen(callback: () => void): void {
    for (const [pattern, handler] of this.messageHandlers) {
      const queue = (handler.extras as { queue?: string } | undefined)?.queue;
      this.unsubscribes.push(this.broker.subscribe(pattern, queue, (d) => void this.handle(pattern, d)));
    }
    this._status$.next('connected');
    callback();
  }

  close(): void {
    for (const off of this.unsubscribes.splice(0)) off();
  }

  on(): void {
    // The broker has no connection events.
  }

  unwrap<T>(): T {
    return this.broker as T;
  }

  private async handle(pattern: string, delivery: Delivery): Promise<void> {
    const packet = JSON.parse(delivery.text) as ReadPacket & { id?: string };
    const context = new InProcessContext([delivery.subject, delivery.headers]);
    if (!delivery.reply) return this.handleEvent(pattern, packet, context);
    const reply = delivery.reply;
    const handler = this.getHandlerByPattern(pattern);
    if (!handler) return reply({ err: { code: BusErrorCode.Unavailable, message: `No handler for ${pattern}` }, isDisposed: true });
    const response$ = this.transformToObservable(await handler(packet.data, context));
    this.send(
      response$,
      guardedRespond((response) => reply(JSON.parse(JSON.stringify(response)) as WritePacket), delivery.subject),
    );
  }
}

/** The client side of the in-process transport. */
export class InProcessClient extends ClientProxy implements SubscribingClient {
  private readonly logger = new Logger('InProcessClient');

  constructor(private readonly broker: InProcessBroker) {
    super();
  }

  async connect(): Promise<InProcessBroker> {
    return this.broker;
  }

  close(): void {
    // Nothing to release: the broker lives as long as the process.
  }

  unwrap<T>(): T {
    return this.broker as T;
  }

  isConnected(): boolean {
    return true;
  }

  record(payload: unknown, headers: Record<string, string>): InProcessRecord {
    return new InProcessRecord(payload, headers);
  }

  subscribe<T>(subject: string, listener: BusListener<T>): Unsubscribe {
    return this.broker.subscribe(subject, undefined, (d) => {
      withContext(contextFrom(d.headers), () =>
        Promise.resolve()
          .then(() => listener((JSON.parse(d.text) as { data: T }).data, d.subject))
          .catch((e) => this.logger.error(`listener of ${subject} failed`, e as Error)),
      );
    });
  }

  publishBytes(subject: string, data: Uint8Array): void {
    this.broker.publish({ subject, text: '', bytes: Uint8Array.from(data) });
  }

  subscribeBytes(subject: string, listener: BytesListener): Unsubscribe {
    return this.broker.subscribe(subject, undefined, (d) => listener(d.bytes ?? new Uint8Array(0)));
  }

  protected publish(partial: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    const { packet, headers } = split(partial);
    const withId = this.assignPacketId(packet);
    const subject = this.normalizePattern(packet.pattern);
    let live = true;
    const answered = this.broker.publish({
      subject,
      text: JSON.stringify(withId),
      headers,
      reply: (response) => live && callback(response),
    });
    if (!answered) callback({ err: { code: BusErrorCode.Unavailable, message: `No service answers ${subject}` }, isDisposed: true });
    return () => {
      live = false;
    };
  }

  protected async dispatchEvent<T = unknown>(partial: ReadPacket): Promise<T> {
    const { packet, headers } = split(partial);
    this.broker.publish({ subject: this.normalizePattern(packet.pattern), text: JSON.stringify(packet), headers });
    return undefined as T;
  }
}

/** A bus of its own over a fresh broker: for unit tests of code that publishes. */
export function createInProcessBus(): { bus: Bus; broker: InProcessBroker } {
  const broker = new InProcessBroker();
  return { bus: new Bus(new InProcessClient(broker)), broker };
}
