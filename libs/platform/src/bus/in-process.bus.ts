import { Logger } from '@nestjs/common';
import {
  Bus,
  BUS_ERROR_CODES,
  BusHandler,
  BusListener,
  BusRemoteError,
  DEFAULT_REQUEST_TIMEOUT_MS,
  replyFrom,
  RequestOptions,
  SubscribeOptions,
  Unsubscribe,
  unwrapReply,
} from './bus';

interface Subscription {
  listener: BusListener;
  queue?: string;
}

/**
 * The bus of embedded mode. Payloads are copied through JSON, as on the wire, so that no caller can
 * depend on sharing an object with a handler.
 */
export class InProcessBus extends Bus {
  private readonly logger = new Logger('InProcessBus');
  private readonly servers = new Map<string, BusHandler[]>();
  private readonly subscriptions = new Map<string, Subscription[]>();
  private readonly roundRobin = new Map<string, number>();

  async request<Res = unknown, Req = unknown>(subject: string, payload: Req, options?: RequestOptions): Promise<Res> {
    const handler = this.pick(subject, this.servers.get(subject));
    if (!handler) throw new BusRemoteError(BUS_ERROR_CODES.unavailable, `No service answers ${subject}`);
    const copy = wire(payload);
    const timeoutMs = options?.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new BusRemoteError(BUS_ERROR_CODES.timeout, `${subject} timed out after ${timeoutMs} ms`)),
        timeoutMs,
      );
    });
    try {
      const reply = await Promise.race([
        replyFrom(() => handler(copy), (e) => this.logger.error(`${subject} failed`, e as Error)),
        timeout,
      ]);
      return unwrapReply(wire(reply)) as Res;
    } finally {
      clearTimeout(timer);
    }
  }

  publish<T = unknown>(subject: string, payload: T): void {
    const subs = this.subscriptions.get(subject) ?? [];
    const groups = new Map<string, Subscription[]>();
    const targets: Subscription[] = [];
    for (const sub of subs) {
      if (!sub.queue) targets.push(sub);
      else groups.set(sub.queue, [...(groups.get(sub.queue) ?? []), sub]);
    }
    for (const [queue, members] of groups) {
      const chosen = this.pick(`${subject}#${queue}`, members);
      if (chosen) targets.push(chosen);
    }
    const text = JSON.stringify(payload);
    for (const target of targets) {
      setImmediate(() => {
        Promise.resolve()
          .then(() => target.listener(JSON.parse(text)))
          .catch((e) => this.logger.error(`listener of ${subject} failed`, e as Error));
      });
    }
  }

  subscribe<T = unknown>(subject: string, listener: BusListener<T>, options?: SubscribeOptions): Unsubscribe {
    const sub: Subscription = { listener: listener as BusListener, queue: options?.queue };
    this.subscriptions.set(subject, [...(this.subscriptions.get(subject) ?? []), sub]);
    return () => this.subscriptions.set(subject, (this.subscriptions.get(subject) ?? []).filter((s) => s !== sub));
  }

  serve<Req = unknown, Res = unknown>(subject: string, handler: BusHandler<Req, Res>): Unsubscribe {
    const h = handler as BusHandler;
    this.servers.set(subject, [...(this.servers.get(subject) ?? []), h]);
    return () => this.servers.set(subject, (this.servers.get(subject) ?? []).filter((x) => x !== h));
  }

  async close(): Promise<void> {
    this.servers.clear();
    this.subscriptions.clear();
  }

  private pick<T>(key: string, items: T[] | undefined): T | undefined {
    if (!items || items.length === 0) return undefined;
    const next = (this.roundRobin.get(key) ?? 0) % items.length;
    this.roundRobin.set(key, next + 1);
    return items[next];
  }
}

function wire<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}
