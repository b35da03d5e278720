import { spawn, type ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { ASR_SUBJECTS } from '@lt/contracts';
import { TEST_NATS_URL } from '@lt/testing';
import { startStack } from '../../support/stack';
import { cpuSeconds, startProduct } from '../load/product';

/** What the speech bench streams into: the gateway and the services, and asr-svc in a process of its own. */
export interface UnderTest {
  baseUrl: string;
  /** Which processes hold what, for the report. */
  layout: string;
  /** CPU seconds used so far by asr-svc. */
  asrCpuSeconds(): number;
  /** CPU seconds used so far by the processes other than asr-svc. */
  cpuSeconds(): number;
  /** With --split: CPU seconds used so far by each process of the product, by its name (tests/bench/load/product.ts). */
  cpuByProcess?(): Record<string, number>;
  /** The event-loop delay of the process holding the gateway, when it is this one. */
  loop: IntervalHistogram | null;
  close(): Promise<void>;
}

/** asr-svc's settings in both layouts, besides the provider's URL and key. */
const ASR_COMMON = { ASR_PROVIDER: 'deepgram', LOG_LEVEL: 'error', OTEL_SDK_DISABLED: 'true', METRICS_PORT: '0' };

/** Stops asr-svc and waits for it to end (at most 10 s), before the bus it drains on goes. */
async function stopAsr(asr: ChildProcess): Promise<void> {
  if (asr.exitCode !== null || asr.signalCode !== null) return;
  const ended = new Promise((r) => asr.once('exit', r));
  asr.kill('SIGTERM');
  await Promise.race([ended, sleep(10_000)]);
}

function startAsr(env: Record<string, string>): ChildProcess {
  // A bench run with --cpu-prof profiles asr-svc too.
  const profiling = process.execArgv.filter((a) => a.startsWith('--cpu-prof'));
  return spawn(process.execPath, [...profiling, '-r', 'tsconfig-paths/register', 'dist/server/apps/asr-svc/src/main.js'], {
    env: {
      ...process.env,
      TS_NODE_PROJECT: 'tsconfig.runtime.json',
      ...ASR_COMMON,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

interface Options {
  databaseUrl: string;
  llmUrl: string;
  deepgramUrl: string;
  deepgramKey: string;
  llmLimits: { LLM_RPM: string; LLM_TPM: string };
  streams: number;
}

/**
 * The services in this process (the test stack, distributed mode: every service with its own bus client, the
 * gateway sharing the event loop with rooms, translate, accounts and tts), asr-svc beside it.
 */
export async function inThisProcess(options: Options): Promise<UnderTest> {
  const stack = await startStack({
    mode: 'distributed',
    databaseUrl: options.databaseUrl,
    llmUrl: options.llmUrl,
    asrReplicas: 0,
    translate: options.llmLimits,
  });
  const asr = startAsr({
    DATABASE_URL: options.databaseUrl,
    NATS_URL: TEST_NATS_URL,
    NATS_SUBJECT_PREFIX: stack.prefix,
    DEEPGRAM_API_KEY: options.deepgramKey,
    DEEPGRAM_URL: options.deepgramUrl,
    HEALTH_PORT: '0',
  });
  for (let i = 0; ; i++) {
    const status = await stack.bus.request(ASR_SUBJECTS.status, {}, { timeoutMs: 1000 }).catch(() => null);
    if (status?.provider) break;
    if (i > 60) throw new Error('asr-svc did not start');
    await sleep(500);
  }
  const started = process.cpuUsage();
  return {
    baseUrl: stack.baseUrl,
    layout: 'gateway process (with rooms, translate, accounts, tts)',
    asrCpuSeconds: () => cpuSeconds(asr.pid),
    cpuSeconds: () => {
      const used = process.cpuUsage(started);
      return (used.user + used.system) / 1e6;
    },
    loop: monitorEventLoopDelay({ resolution: 20 }),
    close: async () => {
      await stopAsr(asr);
      await stack.close();
    },
  };
}

/**
 * The built product as production runs it (`--split`): a NATS of its own, each service (asr-svc included) and the
 * gateway in its own process (tests/bench/load/product.ts); the limits one address would hit are lifted, as the
 * test stack lifts them.
 */
export async function split(options: Options & { basePort: number }): Promise<UnderTest> {
  const lifted = '100000';
  const logDir = join(tmpdir(), `lt-speech-${options.basePort}-${Date.now().toString(36)}`);
  const product = await startProduct({
    mode: 'distributed',
    databaseUrl: options.databaseUrl,
    llmUrl: options.llmUrl,
    basePort: options.basePort,
    viewers: options.streams * 3,
    logDir,
    env: {
      ...options.llmLimits,
      // The pages of ./outside.ts open their sockets from the test stack's allowed origin.
      ALLOWED_ORIGINS: 'https://allowed.example',
      AUDIO_CLIENT_BURST: lifted,
      AUDIO_CLIENT_PER_MINUTE: lifted,
      TRANSCRIPT_CLIENT_BURST: lifted,
      TRANSCRIPT_CLIENT_PER_MINUTE: lifted,
      ROOM_CREATE_BURST: lifted,
      ROOM_CREATE_PER_MINUTE: lifted,
    },
    asr: { ...ASR_COMMON, DEEPGRAM_API_KEY: options.deepgramKey, DEEPGRAM_URL: options.deepgramUrl },
  });
  return {
    baseUrl: product.baseUrl,
    layout: `product processes (gateway, rooms, translate, accounts, tts, nats; logs in ${logDir})`,
    asrCpuSeconds: () => product.cpuSecondsOf('asr-svc'),
    cpuSeconds: () => product.cpuSeconds() - product.cpuSecondsOf('asr-svc'),
    cpuByProcess: () => product.cpuByName(),
    loop: null,
    close: () => product.stop(),
  };
}
