import 'reflect-metadata';
import { Client } from 'pg';
import { Logger } from '@nestjs/common';
import { createTestDatabase, natsAvailable } from '@lt/testing';
import { Outside, settle, type SpeechResult } from './speech/outside';
import { inThisProcess, split, type UnderTest } from './speech/under-test';

/**
 * Speech recognised on the server, measured: N rooms, each with a host page streaming audio at real time on
 * `/ws/audio` (sentences of 1.5 s and pauses of 0.8 s) and a French viewer, through the gateway and the bus to
 * asr-svc (its own process) and the fake Deepgram (interim every ~300 ms, final 300 ms after speech stops).
 * The pages and the fake providers run in a process of their own (./speech/outside.ts): the outside world.
 * Prints: audio path overhead (chunk sent by the page -> at the provider) p50/p95; speech stopped -> final
 * stored (on the host page) -> first translated words on the viewer; dropped chunks; CPU per stream of asr-svc,
 * of the process holding the gateway (with rooms-svc, translate-svc, accounts-svc and tts-svc) and of the
 * outside process; finals stored in the database of those spoken (counted once no more arrive, not within a
 * fixed window); the event-loop delay of the process holding the gateway. Goals: overhead <= 100 ms p95; 200
 * streams without a dropped chunk, every final stored.
 * By default the services run in this process, the gateway sharing its event loop with them (whose delay is then
 * measured); `--split` runs the built product as production does, each in its own process.
 * Usage: node ... speech.bench.js [--streams N] (default 20) [--sentences S] (default 8) [--split [--port P]].
 * Run with --cpu-prof (and --cpu-prof-dir): asr-svc and the outside process are profiled too.
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

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const ms = (v: number) => `${Math.round(v)} ms`;

async function main(): Promise<void> {
  Logger.overrideLogger(['error']);
  if (!(await natsAvailable())) throw new Error('the speech bench needs NATS (asr-svc runs in its own process)');
  const db = await createTestDatabase('lt_bench_speech');
  const outside = await Outside.start('bench-key');
  // The language model's limits of a provider tier that serves every room here (as the latency bench): the
  // default LLM_RPM of 500 translates about 8 sentences a second, far below N rooms' speech.
  const options = {
    databaseUrl: db.url,
    llmUrl: outside.urls.llmUrl,
    deepgramUrl: outside.urls.deepgramUrl,
    deepgramKey: 'bench-key',
    llmLimits: { LLM_RPM: LLM_LIMITS.rpm, LLM_TPM: LLM_LIMITS.tpm },
    streams: STREAMS,
  };
  const product = SPLIT ? await split({ ...options, basePort: BASE_PORT }) : await inThisProcess(options);
  try {
    let cpu0 = { asr: 0, main: 0 };
    let cpu = { asr: 0, main: 0 };
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
        cpu0 = { asr: product.asrCpuSeconds(), main: product.cpuSeconds() };
        product.loop?.enable();
      },
      streamed: () => {
        cpu = { asr: product.asrCpuSeconds() - cpu0.asr, main: product.cpuSeconds() - cpu0.main };
        product.loop?.disable();
      },
    });
    // Per room, the sentences stored: fewer than spoken is a sentence lost, more is one stored twice.
    const pg = new Client({ connectionString: db.url });
    await pg.connect();
    const perRoom = async () =>
      (await pg.query<{ n: string }>(`SELECT count(*) AS n FROM rooms.message_logs GROUP BY room_id`)).rows.map((r) => Number(r.n));
    await settle(async () => (await perRoom()).reduce((n, k) => n + Math.min(k, SENTENCES), 0), STREAMS * SENTENCES, SETTLE_MS);
    const counts = await perRoom().finally(() => pg.end());
    report(result, counts, cpu, product);
  } finally {
    await outside.close();
    await product.close();
    await db.drop();
  }
}

function report(r: SpeechResult, counts: number[], cpu: { asr: number; main: number }, product: UnderTest): void {
  const expected = STREAMS * SENTENCES;
  const inDatabase = counts.reduce((n, k) => n + Math.min(k, SENTENCES), 0);
  const doubled = counts.reduce((n, k) => n + Math.max(0, k - SENTENCES), 0);
  const perStream = (seconds: number) => `${((seconds / r.wall / STREAMS) * 100).toFixed(2)} % of a core`;
  const p50p95 = (values: number[]) => `p50 ${ms(percentile(values, 50))}, p95 ${ms(percentile(values, 95))}`;
  console.log(`\nspeech bench: ${STREAMS} streams x ${SENTENCES} sentences, ${r.wall.toFixed(1)} s of real-time audio each`);
  console.log(`language model limits: LLM_RPM ${LLM_LIMITS.rpm}, LLM_TPM ${LLM_LIMITS.tpm} (a fake provider)`);
  console.log(`audio path overhead (page -> provider): ${p50p95(r.overhead)} (goal p95 <= 100 ms)`);
  console.log(`speech stopped -> final stored (host page): ${p50p95(r.stored)}`);
  console.log(`speech stopped -> first translated words (viewer): ${p50p95(r.translated)}`);
  console.log(`chunks dropped: ${r.dropped} of ${r.chunks}; audio_gap frames: ${r.gaps}`);
  console.log(
    `finals stored (database): ${inDatabase} of ${expected}, ${doubled} stored twice; on the host page: ${r.stored.length}; translated on the viewer: ${r.translated.length} (the original instead: ${r.originals})`,
  );
  const loop = product.loop;
  const delay = (p: number) => ms((loop?.percentile(p) ?? NaN) / 1e6);
  if (loop)
    console.log(`event-loop delay of the gateway process while streaming: p50 ${delay(50)}, p99 ${delay(99)}, max ${ms(loop.max / 1e6)}`);
  // The outside process takes every time above: its own delay is in each of them.
  console.log(
    `event-loop delay of the outside process while streaming: p50 ${ms(r.loop.p50)}, p99 ${ms(r.loop.p99)}, max ${ms(r.loop.max)}`,
  );
  console.log(
    `CPU per stream: asr-svc ${perStream(cpu.asr)}; ${product.layout} ${perStream(cpu.main)}; outside (fakes, pages) ${perStream(r.cpu)}`,
  );
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
