import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { WebSocketServer, type WebSocket } from 'ws';
import type { CreateRoomResponse, TranslationFrame } from '@lt/contracts';
import { Bus, type BusListener } from '@lt/platform';
import { createTestDatabase, FakeOpenAiServer, LiveClient } from '@lt/testing';
import { startStack, type StackMode } from '../support/stack';

/**
 * Fan-out of one room: V viewers over 4 languages, S final sentences from the host. Prints how long a
 * sentence takes from the host's send to the first and to the last viewer, the LLM calls made, and the
 * gateway's memory per socket. Then the fan-out alone (a translation reaching the gateway -> the last viewer
 * reading it) against the same fan-out done by a bare `ws` server in the same run, with the same clients.
 * Usage: node ... fanout.bench.js [viewers=1000] [sentences=20] [embedded|distributed]
 */
const VIEWERS = Number(process.argv[2] ?? 1000);
const SENTENCES = Number(process.argv[3] ?? 20);
const MODE = (process.argv[4] ?? 'embedded') as StackMode;
const LANGS = ['fr', 'de', 'it', 'pt'] as const;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

/** When each sentence's first translation reached the gateway: where the fan-out starts. */
const reachedGateway = new Map<number, number>();
const subscribe = Bus.prototype.subscribe;
Bus.prototype.subscribe = function <T>(this: Bus, subject: string, listener: BusListener<T>) {
  if (!subject.includes('.translation.')) return subscribe.call(this, subject, listener as BusListener<unknown>);
  return subscribe.call(this, subject, (payload: unknown, s: string) => {
    const seq = (payload as TranslationFrame).seq;
    if (!reachedGateway.has(seq)) reachedGateway.set(seq, performance.now());
    return listener(payload as T, s);
  });
};

async function connectViewers(baseUrl: string, join: (i: number) => Record<string, unknown> | null): Promise<LiveClient[]> {
  const viewers: LiveClient[] = [];
  for (let i = 0; i < VIEWERS; i++) {
    const viewer = await LiveClient.connect(baseUrl);
    const frame = join(i);
    if (frame) viewer.send(frame);
    viewers.push(viewer);
  }
  return viewers;
}

/** Arrival times of each seq at the viewers. */
function arrivalsOf(viewers: LiveClient[]): Map<number, number[]> {
  const arrivals = new Map<number, number[]>();
  for (const v of viewers) {
    v.onFrame((frame) => {
      if (frame.type !== 'translation') return;
      const list = arrivals.get(frame.seq) ?? [];
      list.push(performance.now());
      arrivals.set(frame.seq, list);
    });
  }
  return arrivals;
}

async function allArrived(arrivals: Map<number, number[]>, seq: number): Promise<number[]> {
  const deadline = Date.now() + 15_000;
  while ((arrivals.get(seq)?.length ?? 0) < VIEWERS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2));
  const times = arrivals.get(seq) ?? [];
  if (times.length < VIEWERS) throw new Error(`sentence ${seq} reached ${times.length} of ${VIEWERS} viewers`);
  return times;
}

/** The same fan-out by a bare `ws` server: one serialised frame per language, written to that language's sockets. */
async function bareWsFanout(): Promise<number[]> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((r) => wss.once('listening', r));
  const byLang = new Map<string, Set<WebSocket>>(LANGS.map((l) => [l, new Set()]));
  let joined = 0;
  wss.on('connection', (ws) => {
    const lang = LANGS[joined++ % LANGS.length];
    byLang.get(lang)?.add(ws);
  });
  const { port } = wss.address() as { port: number };
  const viewers = await connectViewers(`http://127.0.0.1:${port}`, () => null);
  while (joined < VIEWERS) await new Promise((r) => setTimeout(r, 5));
  const arrivals = arrivalsOf(viewers);
  const delays: number[] = [];
  for (let seq = 1; seq <= SENTENCES; seq++) {
    const start = performance.now();
    for (const [lang, sockets] of byLang) {
      const frame: TranslationFrame = {
        type: 'translation',
        messageId: crypto.randomUUID(),
        seq,
        lang: lang as TranslationFrame['lang'],
        text: `(${lang}) Frase número ${seq} de la prueba de carga`,
        sourceLanguage: 'es',
        timestamp: new Date().toISOString(),
        speakerId: 'host-1',
        speakerName: 'Host',
      };
      const text = JSON.stringify(frame);
      for (const ws of sockets) ws.send(text);
    }
    delays.push(Math.max(...(await allArrived(arrivals, seq))) - start);
  }
  viewers.forEach((v) => v.close());
  await new Promise((r) => wss.close(r));
  return delays;
}

async function main() {
  Logger.overrideLogger(['error']);
  const db = await createTestDatabase('lt_bench');
  const llm = new FakeOpenAiServer();
  await llm.start();
  const stack = await startStack({ mode: MODE, databaseUrl: db.url, llmUrl: llm.url });
  try {
    const res = await fetch(`${stack.baseUrl}/api/rooms`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    const { room, hostKey } = (await res.json()) as CreateRoomResponse;
    const host = await LiveClient.connect(stack.baseUrl);
    host.send({ type: 'join', roomId: room.id, role: 'host', hostKey });
    await host.waitFor((c) => c.of('joined').length === 1);
    host.send({ type: 'room_start', sourceLanguage: 'es' });
    await host.waitFor((c) => c.of('room_start').length === 1);

    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    const viewers = await connectViewers(stack.baseUrl, (i) => ({
      type: 'join',
      roomId: room.id,
      role: 'viewer',
      lang: LANGS[i % LANGS.length],
    }));
    await Promise.all(viewers.map((v) => v.waitFor((c) => c.of('joined').length === 1, 30_000)));
    global.gc?.();
    const rssPerSocket = (process.memoryUsage().rss - rssBefore) / VIEWERS;
    const arrivals = arrivalsOf(viewers);
    await new Promise((r) => setTimeout(r, 500));

    const toFirst: number[] = [];
    const toLast: number[] = [];
    const fanout: number[] = [];
    for (let s = 1; s <= SENTENCES; s++) {
      const sent = performance.now();
      host.send({
        type: 'transcript',
        messageId: crypto.randomUUID(),
        text: `Frase número ${s} de la prueba de carga`,
        sourceLanguage: 'es',
        timestamp: new Date().toISOString(),
        confidence: 0.9,
        final: true,
      });
      const times = await allArrived(arrivals, s);
      toFirst.push(Math.min(...times) - sent);
      toLast.push(Math.max(...times) - sent);
      fanout.push(Math.max(...times) - (reachedGateway.get(s) as number));
    }
    const f = (n: number) => n.toFixed(1);
    console.log(`mode=${MODE} viewers=${VIEWERS} languages=${LANGS.length} sentences=${SENTENCES}`);
    console.log(`llm_calls=${llm.calls.length} (expected ${SENTENCES * LANGS.length})`);
    console.log(`send_to_first_viewer_ms median=${f(percentile(toFirst, 50))} p95=${f(percentile(toFirst, 95))}`);
    console.log(`send_to_last_viewer_ms  median=${f(percentile(toLast, 50))} p95=${f(percentile(toLast, 95))}`);
    console.log(`rss_per_viewer_socket_kb=${f(rssPerSocket / 1024)} (server and client sockets, one process)`);
    viewers.forEach((v) => v.close());
    host.close();
    const bare = await bareWsFanout();
    const [product, baseline] = [percentile(fanout, 50), percentile(bare, 50)];
    console.log(`fanout_to_last_viewer_ms product median=${f(product)} p95=${f(percentile(fanout, 95))}`);
    console.log(`fanout_to_last_viewer_ms bare_ws median=${f(baseline)} p95=${f(percentile(bare, 95))}`);
    console.log(`fanout_ratio product/bare_ws=${(product / baseline).toFixed(2)} (target <= 1.5)`);
  } finally {
    await stack.close();
    await llm.stop();
    await db.drop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
