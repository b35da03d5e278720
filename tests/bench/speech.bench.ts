import 'reflect-metadata';
import { Client } from 'pg';
import { Logger } from '@nestjs/common';
import { createTestDatabase, natsAvailable } from '@lt/testing';
import { Outside, settle, type SpeechResult } from './speech/outside';
import { MODEL_PACE, RemoteServices, type Arrivals } from './speech/remote';
import { inThisProcess, split, type UnderTest } from './speech/under-test';
import { databaseCpuSeconds } from './load/product';

/**
 * Speech recognised on the server, measured: N rooms, each with a host page streaming audio at real time on
 * `/ws/audio` (sentences of 1.5 s and pauses of 0.8 s) and a French viewer, through the gateway and the bus to
 * asr-svc (its own process) and the fake Deepgram (interim every ~300 ms, final 300 ms after speech stops).
 * The pages run in a process of their own (./speech/outside.ts); the fake Deepgram and the fake language model
 * (paced like a real one) each in another (./speech/remote.ts), as they are remote.
 * Prints: audio path overhead (chunk sent by the page -> at the provider) p50/p95; speech stopped -> final
 * stored (on the host page) -> first translated words on the viewer; dropped chunks; CPU per stream of asr-svc,
 * of the product's other processes (each by name with --split), of the pages, the fakes and PostgreSQL; finals
 * stored in the database of those spoken (counted once no more arrive, not within a fixed window); the
 * event-loop delay of the pages, of the fake Deepgram and (without --split) of the process holding the gateway.
 * Goals: overhead <= 100 ms p95; 200 streams without a dropped chunk, every final stored.
 * By default the services run in this process, the gateway sharing its event loop with them (whose delay is then
 * measured); `--split` runs the built product as production does, each in its own process.
 * Usage: node ... speech.bench.js [--streams N] (default 20) [--sentences S] (default 8) [--split [--port P]].
 * Run with --cpu-prof (and --cpu-prof-dir): asr-svc and the pages' process are profiled too (with --split,
 * LT_BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=…" profiles every process of the product).
 */
const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const STREAMS = Math.max(1, Number(arg('streams') ?? 20));
const SENTENCES = Math.max(1, Number(arg('sentences') ?? 8));
/** `--split`: the built product as production runs it, each service and the gateway in its own process. */
const SPLIT = process.argv.includes('--split');
/** With --split: the product's NATS port, its services' health ports after it, its gateway at +10. */
const BASE_PORT = Number(arg('port') ?? 18600);
const LLM_LIMITS = { rpm: '100000', tpm: '100000000' };
/** How long the counts may stay still before what has not arrived is taken as never arriving. */
const SETTLE_MS = 20_000;
/** The same for the chunks on their way to the provider once all are sent. */
const ARRIVALS_STILL_MS = 2_000;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const ms = (v: number) => `${Math.round(v)} ms`;

/** CPU seconds so far of each part of the run, by name. */
type Cpu = Record<string, number>;

async function main(): Promise<void> {
  Logger.overrideLogger(['error']);
  if (!(await natsAvailable())) throw new Error('the speech bench needs NATS (asr-svc runs in its own process)');
  const db = await createTestDatabase('lt_bench_speech');
  const remote = await RemoteServices.start('bench-key');
  const outside = await Outside.start();
  // The language model's limits of a provider tier that serves every room here (as the latency bench): the
  // default LLM_RPM of 500 translates about 8 sentences a second, far below N rooms' speech.
  const options = {
    databaseUrl: db.url,
    llmUrl: remote.urls.llmUrl,
    deepgramUrl: remote.urls.deepgramUrl,
    deepgramKey: 'bench-key',
    llmLimits: { LLM_RPM: LLM_LIMITS.rpm, LLM_TPM: LLM_LIMITS.tpm },
    streams: STREAMS,
  };
  const product = SPLIT ? await split({ ...options, basePort: BASE_PORT }) : await inThisProcess(options);
  const snapshot = (): Cpu => ({
    asr: product.asrCpuSeconds(),
    main: product.cpuSeconds(),
    ...remote.cpuSeconds(),
    database: databaseCpuSeconds(),
    ...product.cpuByProcess?.(),
  });
  try {
    let cpu0: Cpu = {};
    let cpu: Cpu = {};
    const plan = {
      baseUrl: product.baseUrl,
      streams: STREAMS,
      sentences: SENTENCES,
      rate: 16_000,
      speechMs: 1500,
      pauseMs: 800,
      chunkMs: 100,
      settleMs: SETTLE_MS,
    };
    const result = await outside.run(plan, {
      streaming: () => {
        cpu0 = snapshot();
        product.loop?.enable();
        void remote.streaming(true);
      },
      streamed: () => {
        cpu = Object.fromEntries(Object.entries(snapshot()).map(([name, seconds]) => [name, seconds - (cpu0[name] ?? 0)]));
        product.loop?.disable();
        void remote.streaming(false);
      },
    });
    // Chunks still on their way are not dropped: the count is taken once no more arrive.
    await settle(() => remote.count(), result.chunks, ARRIVALS_STILL_MS);
    const arrivals = await remote.arrivals();
    // Per room, the sentences stored: fewer than spoken is a sentence lost, more is one stored twice.
    const pg = new Client({ connectionString: db.url });
    await pg.connect();
    const perRoom = async () =>
      (await pg.query<{ n: string }>(`SELECT count(*) AS n FROM rooms.message_logs GROUP BY room_id`)).rows.map((r) => Number(r.n));
    await settle(async () => (await perRoom()).reduce((n, k) => n + Math.min(k, SENTENCES), 0), STREAMS * SENTENCES, SETTLE_MS);
    const counts = await perRoom().finally(() => pg.end());
    report(result, arrivals, counts, cpu, product);
  } finally {
    await outside.close();
    remote.close();
    await product.close();
    await db.drop();
  }
}

function report(r: SpeechResult, arrivals: Arrivals, counts: number[], cpu: Cpu, product: UnderTest): void {
  const expected = STREAMS * SENTENCES;
  const inDatabase = counts.reduce((n, k) => n + Math.min(k, SENTENCES), 0);
  const doubled = counts.reduce((n, k) => n + Math.max(0, k - SENTENCES), 0);
  const overhead: number[] = [];
  let dropped = 0;
  r.sent.forEach((sent, i) => {
    const arrived = arrivals.arrived[i] ?? [];
    dropped += Math.max(0, sent.length - arrived.length);
    for (let n = 0; n < Math.min(sent.length, arrived.length); n++) overhead.push(arrived[n] - sent[n]);
  });
  const perStream = (seconds: number) => `${((seconds / r.wall / STREAMS) * 100).toFixed(2)} % of a core`;
  const p50p95 = (values: number[]) => `p50 ${ms(percentile(values, 50))}, p95 ${ms(percentile(values, 95))}`;
  const lag = (name: string, l: { p50: number; p99: number; max: number }) =>
    `event-loop delay of ${name} while streaming: p50 ${ms(l.p50)}, p99 ${ms(l.p99)}, max ${ms(l.max)}`;
  console.log(`\nspeech bench: ${STREAMS} streams x ${SENTENCES} sentences, ${r.wall.toFixed(1)} s of real-time audio each`);
  console.log(
    `language model limits: LLM_RPM ${LLM_LIMITS.rpm}, LLM_TPM ${LLM_LIMITS.tpm} (a fake provider: first token after ${MODEL_PACE.firstTokenMs} ms, then ${MODEL_PACE.tokensPerSecond} tokens/s)`,
  );
  console.log(`audio path overhead (page -> provider): ${p50p95(overhead)} (goal p95 <= 100 ms)`);
  console.log(`speech stopped -> final stored (host page): ${p50p95(r.stored)}`);
  console.log(`speech stopped -> first translated words (viewer): ${p50p95(r.translated)}`);
  console.log(`chunks dropped: ${dropped} of ${r.chunks}; audio_gap frames: ${r.gaps}`);
  console.log(
    `finals stored (database): ${inDatabase} of ${expected}, ${doubled} stored twice; on the host page: ${r.stored.length}; translated on the viewer: ${r.translated.length} (the original instead: ${r.originals})`,
  );
  const loop = product.loop;
  if (loop)
    console.log(lag('the gateway process', { p50: loop.percentile(50) / 1e6, p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 }));
  // The pages take the send times and the stored and translated times, the provider the arrival times: their own delays are in them.
  console.log(lag('the pages', r.loop));
  console.log(lag('the speech provider', arrivals.loop));
  console.log(
    `CPU per stream: asr-svc ${perStream(cpu.asr)}; ${product.layout} ${perStream(cpu.main)}; pages ${perStream(r.cpu)}; speech provider ${perStream(cpu.provider)}; language model ${perStream(cpu.model)}; PostgreSQL ${perStream(cpu.database)}`,
  );
  const by = Object.keys(product.cpuByProcess?.() ?? {}).filter((name) => cpu[name] > 0);
  if (by.length) console.log(`CPU per stream by process: ${by.map((name) => `${name} ${perStream(cpu[name])}`).join(', ')}`);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
