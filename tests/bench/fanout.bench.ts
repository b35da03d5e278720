import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { CreateRoomResponse } from '@lt/contracts';
import { createTestDatabase, FakeOpenAiServer, LiveClient } from '@lt/testing';
import { BareServer } from './fanout/bare-server';
import { ViewerProcess, type Arrivals } from './fanout/viewers';
import { startProduct, type Product } from './load/product';

/**
 * Fan-out of one room in one language, as a venue sees it: the built product in a process of its own, its
 * viewers in other processes (at most --per-process sockets each), and side by side in the same run a bare
 * `ws` server, also in a process of its own, doing the same fan-out to the same clients. A process may hold
 * at most some 19,000 sockets here (the hard limit of open files is 20,000): above --per-server viewers,
 * the product runs distributed with as many gateways as needed, and the bare server in as many processes. For each
 * viewer count and run: S final sentences from the host, one a second; for each, the spread from the first
 * viewer to the last one that got its translation (p50 and p99 over the sentences: with 15 sentences the p99
 * is the worst), and each server's resident memory per viewer socket (after a full collection). Prints the
 * median of the runs for the product and the bare server, and whether the goals hold: p99 spread at most
 * 1.2 times the bare server's from 10,000 viewers on, at most 15 KB per viewer. Exits 1 when one does not.
 * Usage: npm run bench -- [--viewers 1000,10000,20000] [--runs 3] [--sentences 15] [--per-process 5000]
 *        [--per-server 18000] [--port 18700] [--gap 1000 (ms from one sentence to the next)]
 */
const { values: args } = parseArgs({
  options: {
    viewers: { type: 'string', default: '1000,10000,20000' },
    runs: { type: 'string', default: '3' },
    sentences: { type: 'string', default: '15' },
    'per-process': { type: 'string', default: '5000' },
    'per-server': { type: 'string', default: '18000' },
    port: { type: 'string', default: '18700' },
    gap: { type: 'string', default: '1000' },
  },
});

const whole = (name: string, raw: string | undefined, max: number) => {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > max)
    throw new Error(`--${name} must be a whole number from 1 to ${max}, got "${raw}"`);
  return value;
};
const COUNTS = String(args.viewers)
  .split(',')
  .map((v) => whole('viewers', v.trim(), 100_000));
const RUNS = whole('runs', args.runs, 20);
const SENTENCES = whole('sentences', args.sentences, 1000);
const PER_PROCESS = whole('per-process', args['per-process'], 19_000);
const PER_SERVER = whole('per-server', args['per-server'], 19_000);
const PORT = whole('port', args.port, 65_000);
const GAP_MS = whole('gap', args.gap, 60_000);
/** Goals: the product's p99 spread against the bare server's from this many viewers on, and memory per viewer. */
const RATIO_GOAL = 1.2;
const RATIO_FROM_VIEWERS = 10_000;
const KB_GOAL = 15;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const median = (values: number[]) => percentile(values, 50);
const nowMs = () => Number(process.hrtime.bigint()) / 1e6;

interface RunFigures {
  p50: number;
  p99: number;
  kbPerViewer: number;
}

/** Viewers over as many processes as needed; `spreads` resolves a seq once every process has it everywhere. */
class Audience {
  private readonly processes: ViewerProcess[] = [];
  private readonly pending = new Map<number, { arrivals: Arrivals[]; resolve: (a: Arrivals[]) => void }>();
  private readonly early = new Map<number, Arrivals[]>();

  constructor(private readonly viewers: number) {
    const count = Math.ceil(viewers / PER_PROCESS);
    for (let i = 0; i < count; i++) this.processes.push(new ViewerProcess((a) => this.arrived(a)));
  }

  /** Each process's sockets to one of `urls` (in turn): as many viewers on each server. */
  async connect(urls: string[], origin: string, join: Record<string, unknown> | null): Promise<void> {
    const n = this.processes.length;
    await Promise.all(
      this.processes.map((p, i) =>
        p.connect(urls[i % urls.length], origin, Math.floor(this.viewers / n) + (i < this.viewers % n ? 1 : 0), join),
      ),
    );
  }

  /** Resolves with the spread first -> last viewer of `seq`, in ms. */
  spread(seq: number, timeoutMs = 60_000): Promise<{ first: number; spread: number }> {
    const settle = (all: Arrivals[]) => {
      const first = Math.min(...all.map((a) => a.first));
      return { first, spread: Math.max(...all.map((a) => a.last)) - first };
    };
    const early = this.early.get(seq);
    if (early && early.length === this.processes.length) return Promise.resolve(settle(early));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`seq ${seq} did not reach every viewer within ${timeoutMs / 1000} s`)), timeoutMs);
      this.pending.set(seq, {
        arrivals: early ?? [],
        resolve: (all) => (clearTimeout(timer), resolve(settle(all))),
      });
      this.early.delete(seq);
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.processes.map((p) => p.close()));
    this.processes.forEach((p) => p.kill());
  }

  private arrived(a: Arrivals): void {
    const waiting = this.pending.get(a.seq);
    if (!waiting) return void this.early.set(a.seq, [...(this.early.get(a.seq) ?? []), a]);
    waiting.arrivals.push(a);
    if (waiting.arrivals.length === this.processes.length) {
      this.pending.delete(a.seq);
      waiting.resolve(waiting.arrivals);
    }
  }
}

/** Sentences one every GAP_MS: `send(seq)` starts the fan-out of one; the spreads of all of them. */
async function sentences(audience: Audience, send: (seq: number) => Promise<void> | void): Promise<number[]> {
  const spreads: number[] = [];
  for (let seq = 1; seq <= SENTENCES; seq++) {
    const started = Date.now();
    const arrived = audience.spread(seq);
    await send(seq);
    spreads.push((await arrived).spread);
    await sleep(Math.max(0, started + GAP_MS - Date.now()));
  }
  return spreads;
}

async function productRun(product: Product, viewers: number): Promise<RunFigures> {
  const res = await fetch(`${product.baseUrl}/api/rooms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: product.baseUrl },
    body: JSON.stringify({ name: `Fan-out bench ${viewers}` }),
  });
  if (res.status !== 201) throw new Error(`POST /api/rooms answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  const { room, hostKey } = (await res.json()) as CreateRoomResponse;
  const host = await LiveClient.connect(product.baseUrl, { origin: product.baseUrl });
  host.send({ type: 'join', roomId: room.id, role: 'host', hostKey });
  await host.waitFor((c) => c.of('joined').length === 1, 10_000, 'the host joined');
  host.send({ type: 'room_start', sourceLanguage: 'es' });
  await host.waitFor((c) => c.of('room_start').length === 1, 10_000, 'room_start');

  const audience = new Audience(viewers);
  const before = await product.memory();
  const wsUrls = product.baseUrls.map((url) => `${url.replace(/^http/, 'ws')}/ws`);
  await audience.connect(wsUrls, product.baseUrl, { type: 'join', roomId: room.id, role: 'viewer', lang: 'fr' });
  await sleep(1000);
  const after = await product.memory();
  try {
    const spreads = await sentences(audience, (seq) =>
      host.send({
        type: 'transcript',
        messageId: crypto.randomUUID(),
        text: `Frase número ${seq} de la prueba de carga: la sala sigue escuchando al ponente.`,
        sourceLanguage: 'es',
        timestamp: new Date().toISOString(),
        confidence: 0.95,
        final: true,
      }),
    );
    return { p50: percentile(spreads, 50), p99: percentile(spreads, 99), kbPerViewer: (after - before) / viewers / 1024 };
  } finally {
    host.close();
    await audience.close();
  }
}

async function bareRun(viewers: number, count: number): Promise<RunFigures> {
  const servers = Array.from({ length: count }, () => new BareServer());
  const audience = new Audience(viewers);
  const rss = async () => (await Promise.all(servers.map((s) => s.rss()))).reduce((a, b) => a + b, 0);
  try {
    const ports = await Promise.all(servers.map((s) => s.ready));
    const before = await rss();
    await audience.connect(
      ports.map((port) => `ws://127.0.0.1:${port}`),
      'http://127.0.0.1',
      null,
    );
    await sleep(1000);
    const after = await rss();
    const spreads = await sentences(audience, async (seq) => void (await Promise.all(servers.map((s) => s.send(seq)))));
    return { p50: percentile(spreads, 50), p99: percentile(spreads, 99), kbPerViewer: (after - before) / viewers / 1024 };
  } finally {
    await audience.close();
    servers.forEach((s) => s.stop());
  }
}

async function main(): Promise<number> {
  const db = await createTestDatabase('lt_fanout');
  const llm = new FakeOpenAiServer();
  await llm.start();
  // Paced like a real model: it delays each sentence, not the spread measured here.
  llm.pace({ firstTokenMs: 300, tokensPerSecond: 30 });
  const logDir = join(tmpdir(), `lt-fanout-${PORT}-${Date.now().toString(36)}`);
  const f = (n: number) => n.toFixed(0);
  const rows: string[] = [];
  let ok = true;
  try {
    for (const viewers of COUNTS) {
      const servers = Math.ceil(viewers / PER_SERVER);
      const runs: { product: RunFigures; bare: RunFigures; load: string }[] = [];
      for (let r = 1; r <= RUNS; r++) {
        const load = loadavg()[0].toFixed(2);
        const started = nowMs();
        // A fresh product each run: memory a process kept from an earlier run would blur the figure per viewer.
        const product = await startProduct({
          mode: servers > 1 ? 'distributed' : 'embedded',
          gateways: servers,
          databaseUrl: db.url,
          llmUrl: llm.url,
          basePort: PORT,
          viewers,
          logDir: join(logDir, `${viewers}-${r}`),
          probe: join(__dirname, 'fanout/memory-probe.js'),
        });
        const p = await productRun(product, viewers).finally(() => product.stop());
        const b = await bareRun(viewers, servers);
        runs.push({ product: p, bare: b, load });
        console.log(
          `viewers=${viewers} run=${r}/${RUNS} load=${load}  spread_ms product p50=${f(p.p50)} p99=${f(p.p99)} bare p50=${f(b.p50)} p99=${f(b.p99)}  kb/viewer product=${p.kbPerViewer.toFixed(1)} bare=${b.kbPerViewer.toFixed(1)}  (${((nowMs() - started) / 1000).toFixed(0)} s)`,
        );
      }
      const m = (pick: (x: (typeof runs)[number]) => number) => median(runs.map(pick));
      const [pp50, pp99, bp50, bp99] = [m((x) => x.product.p50), m((x) => x.product.p99), m((x) => x.bare.p50), m((x) => x.bare.p99)];
      const [pkb, bkb] = [m((x) => x.product.kbPerViewer), m((x) => x.bare.kbPerViewer)];
      const ratio = pp99 / bp99;
      const ratioOk = viewers < RATIO_FROM_VIEWERS || ratio <= RATIO_GOAL;
      const kbOk = pkb <= KB_GOAL;
      ok &&= ratioOk && kbOk;
      rows.push(
        `${String(viewers).padStart(7)} ${servers > 1 ? `(${servers} gateways) ` : ''}| ${f(pp50).padStart(5)} ${f(pp99).padStart(5)} | ${f(bp50).padStart(5)} ${f(bp99).padStart(5)} | ${ratio.toFixed(2).padStart(5)}${ratioOk ? '   ' : ' ! '}| ${pkb.toFixed(1).padStart(7)}${kbOk ? '  ' : ' !'} ${bkb.toFixed(1).padStart(6)} | ${runs.map((x) => x.load).join(' ')}`,
      );
    }
  } finally {
    await llm.stop();
    await db.drop();
  }
  console.log(
    `\nfan-out of one room in one language, ${SENTENCES} sentences a run, median of ${RUNS} runs (spread first -> last viewer, ms)`,
  );
  console.log(`viewers | product p50 p99 | bare p50 p99 | p99 ratio | KB/viewer product bare | load average of each run`);
  rows.forEach((row) => console.log(row));
  console.log(
    `\ngoals: p99 ratio <= ${RATIO_GOAL} from ${RATIO_FROM_VIEWERS} viewers on, <= ${KB_GOAL} KB per viewer: ${ok ? 'held' : 'NOT HELD (!)'} (product logs: ${logDir})`,
  );
  return ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(2);
  },
);
