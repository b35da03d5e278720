import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import type { CreateRoomResponse, TranslationFrame } from '@lt/contracts';
import { createTestDatabase, FakeOpenAiServer, LiveClient, startStack, type StackMode } from '@lt/testing';

/**
 * Fan-out of one room: V viewers over 4 languages, S final sentences from the host. Prints how long a
 * sentence takes from the host's send to the first and to the last viewer, the LLM calls made, and the
 * gateway's memory per socket. Usage: node ... fanout.bench.js [viewers=1000] [sentences=20] [embedded|distributed]
 */
const VIEWERS = Number(process.argv[2] ?? 1000);
const SENTENCES = Number(process.argv[3] ?? 20);
const MODE = (process.argv[4] ?? 'embedded') as StackMode;
const LANGS = ['fr', 'de', 'it', 'pt'] as const;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

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
    const arrivals = new Map<number, number[]>();
    const viewers: LiveClient[] = [];
    for (let i = 0; i < VIEWERS; i++) {
      const viewer = await LiveClient.connect(stack.baseUrl);
      viewer.send({ type: 'join', roomId: room.id, role: 'viewer', lang: LANGS[i % LANGS.length] });
      viewers.push(viewer);
    }
    await Promise.all(viewers.map((v) => v.waitFor((c) => c.of('joined').length === 1, 30_000)));
    global.gc?.();
    const rssPerSocket = (process.memoryUsage().rss - rssBefore) / VIEWERS;
    const arrived = (frame: TranslationFrame) => {
      const list = arrivals.get(frame.seq) ?? [];
      list.push(performance.now());
      arrivals.set(frame.seq, list);
    };
    for (const v of viewers) v.onFrame((frame) => frame.type === 'translation' && arrived(frame));
    await new Promise((r) => setTimeout(r, 500));

    const toFirst: number[] = [];
    const toLast: number[] = [];
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
      const deadline = Date.now() + 15_000;
      while ((arrivals.get(s)?.length ?? 0) < VIEWERS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2));
      const times = arrivals.get(s) ?? [];
      if (times.length < VIEWERS) throw new Error(`sentence ${s} reached ${times.length} of ${VIEWERS} viewers`);
      toFirst.push(Math.min(...times) - sent);
      toLast.push(Math.max(...times) - sent);
    }
    const f = (n: number) => n.toFixed(1);
    console.log(`mode=${MODE} viewers=${VIEWERS} languages=${LANGS.length} sentences=${SENTENCES}`);
    console.log(`llm_calls=${llm.calls.length} (expected ${SENTENCES * LANGS.length})`);
    console.log(`send_to_first_viewer_ms median=${f(percentile(toFirst, 50))} p95=${f(percentile(toFirst, 95))}`);
    console.log(`send_to_last_viewer_ms  median=${f(percentile(toLast, 50))} p95=${f(percentile(toLast, 95))}`);
    console.log(`rss_per_viewer_socket_kb=${f(rssPerSocket / 1024)} (server and client sockets, one process)`);
    viewers.forEach((v) => v.close());
    host.close();
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
