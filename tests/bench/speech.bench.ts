import 'reflect-metadata';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Client } from 'pg';
import { Logger } from '@nestjs/common';
import { ASR_SUBJECTS } from '@lt/contracts';
import { createTestDatabase, natsAvailable, TEST_NATS_URL } from '@lt/testing';
import { startStack } from '../support/stack';
import { Outside, settle, type SpeechResult } from './speech/outside';

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
 * Usage: node ... speech.bench.js [--streams N] (default 20) [--sentences S] (default 8). Run with --cpu-prof
 * (and --cpu-prof-dir): asr-svc and the outside process are profiled too.
 */
const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const STREAMS = Math.max(1, Number(arg('streams') ?? 20));
const SENTENCES = Math.max(1, Number(arg('sentences') ?? 8));
const LLM_LIMITS = { rpm: '100000', tpm: '100000000' };
/** How long the counts may stay still before what has not arrived is taken as never arriving. */
const SETTLE_MS = 20_000;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const ms = (v: number) => `${Math.round(v)} ms`;
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));

/** CPU seconds (user + system) a process has used, from /proc. */
function cpuOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function main(): Promise<void> {
  Logger.overrideLogger(['error']);
  if (!(await natsAvailable())) throw new Error('the speech bench needs NATS (asr-svc runs in its own process)');
  const db = await createTestDatabase('lt_bench_speech');
  const outside = await Outside.start('bench-key');
  // The language model's limits of a provider tier that serves every room here (as the latency bench): the
  // default LLM_RPM of 500 translates about 8 sentences a second, far below N rooms' speech.
  const stack = await startStack({
    mode: 'distributed',
    databaseUrl: db.url,
    llmUrl: outside.urls.llmUrl,
    asrReplicas: 0,
    translate: { LLM_RPM: LLM_LIMITS.rpm, LLM_TPM: LLM_LIMITS.tpm },
  });
  // A bench run with --cpu-prof profiles asr-svc too.
  const profiling = process.execArgv.filter((a) => a.startsWith('--cpu-prof'));
  const asr = spawn(process.execPath, [...profiling, '-r', 'tsconfig-paths/register', 'dist/server/apps/asr-svc/src/main.js'], {
    env: {
      ...process.env,
      TS_NODE_PROJECT: 'tsconfig.runtime.json',
      DATABASE_URL: db.url,
      NATS_URL: TEST_NATS_URL,
      NATS_SUBJECT_PREFIX: stack.prefix,
      ASR_PROVIDER: 'deepgram',
      DEEPGRAM_API_KEY: 'bench-key',
      DEEPGRAM_URL: outside.urls.deepgramUrl,
      HEALTH_PORT: '0',
      METRICS_PORT: '0',
      LOG_LEVEL: 'error',
      OTEL_SDK_DISABLED: 'true',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    for (let i = 0; ; i++) {
      const status = await stack.bus.request(ASR_SUBJECTS.status, {}, { timeoutMs: 1000 }).catch(() => null);
      if (status?.provider) break;
      if (i > 60) throw new Error('asr-svc did not start');
      await sleep(500);
    }
    const loop = monitorEventLoopDelay({ resolution: 20 });
    let cpu0 = { asr: 0, main: process.cpuUsage() };
    let cpu = { asr: 0, main: 0 };
    const plan = {
      baseUrl: stack.baseUrl,
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
        cpu0 = { asr: cpuOf(asr.pid as number), main: process.cpuUsage() };
        loop.enable();
      },
      streamed: () => {
        const used = process.cpuUsage(cpu0.main);
        cpu = { asr: cpuOf(asr.pid as number) - cpu0.asr, main: (used.user + used.system) / 1e6 };
        loop.disable();
      },
    });
    // Per room, the sentences stored: fewer than spoken is a sentence lost, more is one stored twice.
    const pg = new Client({ connectionString: db.url });
    await pg.connect();
    const perRoom = async () =>
      (await pg.query<{ n: string }>(`SELECT count(*) AS n FROM rooms.message_logs GROUP BY room_id`)).rows.map((r) => Number(r.n));
    await settle(async () => (await perRoom()).reduce((n, k) => n + Math.min(k, SENTENCES), 0), STREAMS * SENTENCES, SETTLE_MS);
    const counts = await perRoom().finally(() => pg.end());
    report(result, counts, cpu, loop);
  } finally {
    await outside.close();
    asr.kill('SIGTERM');
    await stack.close();
    await db.drop();
  }
}

function report(
  r: SpeechResult,
  counts: number[],
  cpu: { asr: number; main: number },
  loop: ReturnType<typeof monitorEventLoopDelay>,
): void {
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
    `finals stored (database): ${inDatabase} of ${expected}, ${doubled} stored twice; on the host page: ${r.stored.length}; translated on the viewer: ${r.translated.length}`,
  );
  const delay = (p: number) => ms(loop.percentile(p) / 1e6);
  console.log(`event-loop delay of the gateway process while streaming: p50 ${delay(50)}, p99 ${delay(99)}, max ${ms(loop.max / 1e6)}`);
  console.log(
    `CPU per stream: asr-svc ${perStream(cpu.asr)}; gateway process (with rooms, translate, accounts, tts) ${perStream(cpu.main)}; outside (fakes, pages) ${perStream(r.cpu)}`,
  );
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
