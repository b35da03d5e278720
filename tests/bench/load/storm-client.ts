import { fork, type ChildProcess } from 'node:child_process';
import { setPriority } from 'node:os';
import { CLIENT_ID_HEADER, type LanguageCode } from '@lt/contracts';

export interface SummaryResult {
  status: number;
  ms: number;
  ok: boolean;
}

interface StormOrder {
  id: number;
  baseUrl: string;
  roomId: string;
  asks: { lang: LanguageCode; clientId: string }[];
}

/** One viewer pressing the summary button: its answer's status, its latency, whether the answer is a summary. */
export async function askSummary(baseUrl: string, roomId: string, lang: LanguageCode, clientId: string): Promise<SummaryResult> {
  const started = performance.now();
  try {
    const res = await fetch(`${baseUrl}/api/rooms/${roomId}/summary`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl, [CLIENT_ID_HEADER]: clientId },
      body: JSON.stringify({ lang }),
      signal: AbortSignal.timeout(120_000),
    });
    const body = (await res.json().catch(() => null)) as { summary?: unknown; upToSeq?: unknown } | null;
    const ok = res.ok && typeof body?.summary === 'string' && Number.isInteger(body?.upToSeq);
    return { status: res.status, ms: performance.now() - started, ok };
  } catch {
    return { status: 0, ms: performance.now() - started, ok: false };
  }
}

/**
 * The browsers of a storm, in a process of their own: a thousand requests and their answers would otherwise
 * hold the event loop that timestamps the viewers' captions, and the bench would measure itself. It runs at
 * the lowest priority: a venue's phones do not share the server's cores, so their work must not take CPU from
 * the product or from the viewers timing the captions.
 */
export class StormClient {
  private readonly child: ChildProcess = fork(__filename, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  private readonly waiting = new Map<number, (results: SummaryResult[]) => void>();
  private next = 0;

  constructor() {
    if (this.child.pid) setPriority(this.child.pid, 19);
    this.child.on('message', (reply: { id: number; results: SummaryResult[] }) => {
      this.waiting.get(reply.id)?.(reply.results);
      this.waiting.delete(reply.id);
    });
  }

  /** Every ask at once; resolves with their results when the last is answered. */
  storm(baseUrl: string, roomId: string, asks: StormOrder['asks']): Promise<SummaryResult[]> {
    const id = this.next++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.child.send({ id, baseUrl, roomId, asks } satisfies StormOrder);
    });
  }

  close(): void {
    this.child.kill();
  }
}

if (require.main === module) {
  process.on('message', (order: StormOrder) => {
    void Promise.all(order.asks.map((a) => askSummary(order.baseUrl, order.roomId, a.lang, a.clientId))).then((results) =>
      process.send?.({ id: order.id, results }),
    );
  });
  process.on('disconnect', () => process.exit(0));
}
