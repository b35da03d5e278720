import { fork, type ChildProcess } from 'node:child_process';
import WebSocket from 'ws';

/**
 * Viewers of the fan-out bench in a process of their own (a process holds at most some 19,000 sockets here,
 * and the clients must not share the event loop of the server they time). Each records, per seq, when the
 * first and the last of its sockets got that translation, on the machine's monotonic clock, which all
 * processes share: the spread first -> last viewer is taken over all processes.
 */

export interface Arrivals {
  seq: number;
  /** process.hrtime in ms: comparable between processes of one machine. */
  first: number;
  last: number;
}

type Order =
  | { id: number; cmd: 'connect'; url: string; origin: string; count: number; join: Record<string, unknown> | null }
  | { id: number; cmd: 'close' };

type Reply = { id: number; ok: true } | { id: number; error: string } | { done: Arrivals };

const nowMs = () => Number(process.hrtime.bigint()) / 1e6;

/** The parent's handle on one such process. */
export class ViewerProcess {
  private readonly child: ChildProcess;
  private readonly waiting = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();
  private next = 0;

  /** `onDone` is called once all of this process's sockets have a seq. */
  constructor(onDone: (arrivals: Arrivals) => void) {
    this.child = fork(__filename, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.child.on('message', (reply: Reply) => {
      if ('done' in reply) return onDone(reply.done);
      const waiter = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if ('error' in reply) waiter?.reject(new Error(reply.error));
      else waiter?.resolve();
    });
  }

  /** Opens `count` sockets (each sends `join` and waits for `joined` when given one). */
  connect(url: string, origin: string, count: number, join: Record<string, unknown> | null): Promise<void> {
    return this.order({ cmd: 'connect', url, origin, count, join });
  }

  /** Closes every socket of the process. */
  close(): Promise<void> {
    return this.order({ cmd: 'close' });
  }

  kill(): void {
    this.child.kill('SIGKILL');
  }

  private order(order: Omit<Extract<Order, { cmd: 'connect' }>, 'id'> | Omit<Extract<Order, { cmd: 'close' }>, 'id'>): Promise<void> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.child.send({ id, ...order });
    });
  }
}

/** The child's side. */
function serve(): void {
  const sockets: WebSocket[] = [];
  const seen = new Map<number, { first: number; last: number; count: number }>();
  const SEQ = /"seq":(\d+)/;

  const onMessage = (data: WebSocket.RawData) => {
    const at = nowMs();
    const text = String(data);
    if (!text.includes('"type":"translation"')) return;
    const seq = Number(SEQ.exec(text)?.[1]);
    let entry = seen.get(seq);
    if (!entry) seen.set(seq, (entry = { first: at, last: at, count: 0 }));
    entry.last = at;
    entry.count += 1;
    if (entry.count === sockets.length) {
      process.send?.({ done: { seq, first: entry.first, last: entry.last } } satisfies Reply);
      seen.delete(seq);
    }
  };

  const open = (url: string, origin: string, join: Record<string, unknown> | null) =>
    new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(url, { headers: { origin }, perMessageDeflate: false });
      const timer = setTimeout(() => reject(new Error('no joined frame within 300 s')), 300_000);
      ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused with ${res.statusCode}`)));
      ws.once('error', reject);
      ws.once('open', () => {
        if (!join) return (clearTimeout(timer), resolve(ws));
        const untilJoined = (data: WebSocket.RawData) => {
          if (!String(data).includes('"type":"joined"')) return;
          ws.off('message', untilJoined);
          clearTimeout(timer);
          resolve(ws);
        };
        ws.on('message', untilJoined);
        ws.send(JSON.stringify(join));
      });
    });

  const connect = async (url: string, origin: string, count: number, join: Record<string, unknown> | null) => {
    let next = 0;
    const opened: WebSocket[] = [];
    await Promise.all(
      Array.from({ length: Math.min(100, count) }, async () => {
        while (next < count) {
          next += 1;
          opened.push(await open(url, origin, join));
        }
      }),
    );
    for (const ws of opened) {
      ws.on('error', () => undefined);
      ws.on('message', onMessage);
      sockets.push(ws);
    }
  };

  const close = async () => {
    const closing = sockets.splice(0).map((ws) => new Promise((r) => (ws.once('close', r), ws.close())));
    await Promise.race([Promise.all(closing), new Promise((r) => setTimeout(r, 10_000))]);
    seen.clear();
  };

  process.on('message', (order: Order) => {
    const run = order.cmd === 'connect' ? connect(order.url, order.origin, order.count, order.join) : close();
    run.then(
      () => process.send?.({ id: order.id, ok: true } satisfies Reply),
      (e: Error) => process.send?.({ id: order.id, error: e.message } satisfies Reply),
    );
  });
  process.on('disconnect', () => process.exit(0));
}

if (require.main === module) serve();
