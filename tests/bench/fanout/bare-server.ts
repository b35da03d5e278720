import { fork, type ChildProcess } from 'node:child_process';
import { WebSocketServer, type WebSocket } from 'ws';

/**
 * The yardstick: a bare `ws` server in a process of its own, doing the same fan-out as the gateway (one frame
 * of the same shape serialised once, written to every socket), with nothing else. It also answers its memory
 * after a collection, as the gateway's probe does.
 */

type Order = { id: number; cmd: 'send'; seq: number } | { id: number; cmd: 'memory' };
type Reply = { id: number; port?: number; rss?: number };

export class BareServer {
  private readonly child: ChildProcess;
  private readonly waiting = new Map<number, (reply: Reply) => void>();
  private next = 0;
  readonly ready: Promise<number>;

  constructor() {
    this.child = fork(__filename, { execArgv: ['--expose-gc'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.ready = new Promise((resolve) => this.waiting.set(-1, (r) => resolve(r.port as number)));
    this.child.on('message', (reply: Reply) => {
      this.waiting.get(reply.id)?.(reply);
      this.waiting.delete(reply.id);
    });
  }

  async send(seq: number): Promise<void> {
    await this.order({ cmd: 'send', seq });
  }

  /** Resident memory after a full collection, in bytes. */
  async rss(): Promise<number> {
    return (await this.order({ cmd: 'memory' })).rss as number;
  }

  stop(): void {
    this.child.kill('SIGKILL');
  }

  private order(order: { cmd: 'send'; seq: number } | { cmd: 'memory' }): Promise<Reply> {
    const id = this.next++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.child.send({ id, ...order });
    });
  }
}

function serve(): void {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
  const sockets = new Set<WebSocket>();
  wss.on('connection', (ws) => {
    sockets.add(ws);
    ws.on('close', () => sockets.delete(ws));
  });
  wss.once('listening', () => process.send?.({ id: -1, port: (wss.address() as { port: number }).port } satisfies Reply));
  process.on('message', (order: Order) => {
    if (order.cmd === 'memory') {
      (globalThis as { gc?: () => void }).gc?.();
      return process.send?.({ id: order.id, rss: process.memoryUsage().rss } satisfies Reply);
    }
    const text = JSON.stringify({
      type: 'translation',
      roomId: '00000000-0000-4000-8000-000000000000',
      messageId: crypto.randomUUID(),
      seq: order.seq,
      lang: 'fr',
      text: `(fr) Frase número ${order.seq} de la prueba de carga: la sala sigue escuchando al ponente.`,
      sourceLanguage: 'es',
      timestamp: new Date().toISOString(),
      speakerId: 'host-1',
      speakerName: 'Host',
    });
    for (const ws of sockets) ws.send(text);
    process.send?.({ id: order.id } satisfies Reply);
  });
  process.on('disconnect', () => process.exit(0));
}

if (require.main === module) serve();
