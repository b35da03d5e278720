import 'reflect-metadata';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Client } from 'pg';
import { Logger } from '@nestjs/common';
import { ASR_SUBJECTS, type CreateRoomResponse } from '@lt/contracts';
import {
  AudioClient,
  createTestDatabase,
  FakeAsrServer,
  FakeOpenAiServer,
  LiveClient,
  natsAvailable,
  sentencesAudio,
  TEST_NATS_URL,
} from '@lt/testing';
import { startStack } from '../support/stack';

/**
 * Speech recognised on the server, measured: N rooms, each with a host page streaming audio at real time on
 * `/ws/audio` (sentences of 1.5 s and pauses of 0.8 s) and a French viewer, through the gateway and the bus to
 * asr-svc (its own process) and the fake Deepgram (interim every ~300 ms, final 300 ms after speech stops).
 * Prints: audio path overhead (chunk sent by the page -> at the provider) p50/p95; speech stopped -> final
 * stored (on the host page) -> first translated words on the viewer; dropped chunks; CPU per stream of asr-svc
 * and of the process holding the gateway (with rooms-svc, translate-svc, the fakes and the clients: an upper
 * bound for the gateway); finals stored in the database of those spoken (counted once no more arrive, not within a
 * fixed window); the event-loop delay of the process holding the gateway. Goals: overhead <= 100 ms p95; 200
 * streams without a dropped chunk, every final stored.
 * Usage: node ... speech.bench.js [--streams N] (default 20) [--sentences S] (default 8).
 */
const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const STREAMS = Math.max(1, Number(arg('streams') ?? 20));
const SENTENCES = Math.max(1, Number(arg('sentences') ?? 8));
const RATE = 16_000;
const SPEECH_MS = 1500;
const PAUSE_MS = 800;
const CHUNK_MS = 100;
const LLM_LIMITS = { rpm: '100000', tpm: '100000000' };

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const ms = (v: number) => `${Math.round(v)} ms`;
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));
/** How long the counts may stay still before what has not arrived is taken as never arriving. */
const SETTLE_MS = 20_000;

/** Waits while `count` still grows (or until it reaches `all`): what arrives late is counted, late. */
async function settle(count: () => number | Promise<number>, all: number): Promise<number> {
  let last = -1;
  let since = Date.now();
  for (;;) {
    const now = await count();
    if (now >= all) return now;
    if (now !== last) [last, since] = [now, Date.now()];
    else if (Date.now() - since >= SETTLE_MS) return now;
    await sleep(1000);
  }
}

/** CPU seconds (user + system) a process has used, from /proc. */
function cpuOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function main(): Promise<void> {
  Logger.overrideLogger(['error']);
  if (!(await natsAvailable())) throw new Error('the speech bench needs NATS (asr-svc runs in its own process)');
  const db = await createTestDatabase('lt_bench_speech');
  const llm = new FakeOpenAiServer();
  await llm.start();
  /** Per stream index: when each chunk was sent, and when it reached the provider. */
  const sent = new Map<number, number[]>();
  const arrived = new Map<number, number[]>();
  const streamOfSession = new Map<number, number>();
  const fake = await FakeAsrServer.start({
    apiKey: 'bench-key',
    script: ['Buenos días a todos y bienvenidos a la conferencia.'],
    onAudio: (session, pcm) => {
      // The first chunk of each stream carries its index in its first sample (silence otherwise).
      if (!streamOfSession.has(session.id)) streamOfSession.set(session.id, pcm.readInt16LE(0) - 1);
      const stream = streamOfSession.get(session.id) as number;
      const list = arrived.get(stream) ?? [];
      list.push(Date.now());
      arrived.set(stream, list);
    },
  });
  // The language model's limits of a provider tier that serves every room here (as the latency bench): the
  // default LLM_RPM of 500 translates about 8 sentences a second, far below N rooms' speech.
  const stack = await startStack({
    mode: 'distributed',
    databaseUrl: db.url,
    llmUrl: llm.url,
    asrReplicas: 0,
    translate: { LLM_RPM: LLM_LIMITS.rpm, LLM_TPM: LLM_LIMITS.tpm },
  });
  const asr = spawn(process.execPath, ['-r', 'tsconfig-paths/register', 'dist/server/apps/asr-svc/src/main.js'], {
    env: {
      ...process.env,
      TS_NODE_PROJECT: 'tsconfig.runtime.json',
      DATABASE_URL: db.url,
      NATS_URL: TEST_NATS_URL,
      NATS_SUBJECT_PREFIX: stack.prefix,
      ASR_PROVIDER: 'deepgram',
      DEEPGRAM_API_KEY: 'bench-key',
      DEEPGRAM_URL: fake.deepgramUrl,
      HEALTH_PORT: '0',
      METRICS_PORT: '0',
      LOG_LEVEL: 'error',
      OTEL_SDK_DISABLED: 'true',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const clients: { close(): void }[] = [];
  try {
    for (let i = 0; ; i++) {
      const status = await stack.bus.request(ASR_SUBJECTS.status, {}, { timeoutMs: 1000 }).catch(() => null);
      if (status?.provider) break;
      if (i > 60) throw new Error('asr-svc did not start');
      await sleep(500);
    }
    const audio = sentencesAudio(SENTENCES, RATE, { speechMs: SPEECH_MS, pauseMs: PAUSE_MS, chunkMs: CHUNK_MS });
    const rooms = await Promise.all(Array.from({ length: STREAMS }, (_, i) => openRoom(stack.baseUrl, i)));
    clients.push(...rooms.flatMap((r) => [r.host, r.viewer, r.audio]));
    const speechEnds: number[][] = rooms.map(() => []);
    const cpu0 = { asr: cpuOf(asr.pid as number), main: process.cpuUsage() };
    const loop = monitorEventLoopDelay({ resolution: 20 });
    loop.enable();
    const started = Date.now();
    await Promise.all(
      rooms.map(async (room, i) => {
        const chunks = audio.map((c, n) => {
          if (n > 0) return c;
          const first = Buffer.from(c);
          first.writeInt16LE(i + 1, 0);
          return first;
        });
        const times: number[] = [];
        sent.set(i, times);
        await sleep((i * 37) % 1000);
        const t0 = Date.now();
        let due = 0;
        for (const [n, chunk] of chunks.entries()) {
          const wait = t0 + due - Date.now();
          if (wait > 0) await sleep(wait);
          room.audio.sendChunk(chunk);
          times.push(Date.now());
          due += CHUNK_MS;
          // The sentence's tone ends with this chunk: speech stopped now.
          const at = (n + 1) * CHUNK_MS;
          if ((at - 300) % (SPEECH_MS + PAUSE_MS) === SPEECH_MS) speechEnds[i].push(Date.now());
        }
        room.audio.stop();
      }),
    );
    const wall = (Date.now() - started) / 1000;
    const cpu = { asr: cpuOf(asr.pid as number) - cpu0.asr, main: process.cpuUsage(cpu0.main) };
    loop.disable();
    const expected = STREAMS * SENTENCES;
    const countOf = (client: (r: (typeof rooms)[number]) => LiveClient, type: 'transcript' | 'translation') => () =>
      rooms.reduce((n, r) => n + Math.min(SENTENCES, client(r).of(type).length), 0);
    await settle(
      countOf((r) => r.host, 'transcript'),
      expected,
    );
    await settle(
      countOf((r) => r.viewer, 'translation'),
      expected,
    );
    // Per room, the sentences stored: fewer than spoken is a sentence lost, more is one stored twice.
    const pg = new Client({ connectionString: db.url });
    await pg.connect();
    const perRoom = async () =>
      (await pg.query<{ n: string }>(`SELECT count(*) AS n FROM rooms.message_logs GROUP BY room_id`)).rows.map((r) => Number(r.n));
    await settle(async () => (await perRoom()).reduce((n, k) => n + Math.min(k, SENTENCES), 0), expected);
    const counts = await perRoom().finally(() => pg.end());
    const inDatabase = counts.reduce((n, k) => n + Math.min(k, SENTENCES), 0);
    const doubled = counts.reduce((n, k) => n + Math.max(0, k - SENTENCES), 0);

    // Chunks still on their way are not dropped: the count is taken once no more arrive.
    for (let last = -1, now = 0; last !== now; await sleep(2000)) {
      last = now;
      now = [...arrived.values()].reduce((n, l) => n + l.length, 0);
    }
    const overhead: number[] = [];
    let dropped = 0;
    for (let i = 0; i < STREAMS; i++) {
      const s = sent.get(i) ?? [];
      const a = arrived.get(i) ?? [];
      dropped += Math.max(0, s.length - a.length);
      for (let n = 0; n < Math.min(s.length, a.length); n++) overhead.push(a[n] - s[n]);
    }
    const stored: number[] = [];
    const translated: number[] = [];
    rooms.forEach((room, i) => {
      const times = (client: LiveClient, type: string) => client.frames.flatMap((f, n) => (f.type === type ? [client.arrivedAt[n]] : []));
      const finals = times(room.host, 'transcript');
      const translations = times(room.viewer, 'translation');
      speechEnds[i].forEach((end, k) => {
        if (finals[k]) stored.push(finals[k] - end);
        if (translations[k]) translated.push(translations[k] - end);
      });
    });
    const gaps = rooms.reduce((n, r) => n + r.audio.of('audio_gap').length, 0);
    const perStream = (seconds: number) => `${((seconds / wall / STREAMS) * 100).toFixed(2)} % of a core`;
    console.log(`\nspeech bench: ${STREAMS} streams x ${SENTENCES} sentences, ${wall.toFixed(1)} s of real-time audio each`);
    console.log(`language model limits: LLM_RPM ${LLM_LIMITS.rpm}, LLM_TPM ${LLM_LIMITS.tpm} (a fake provider)`);
    console.log(
      `audio path overhead (page -> provider): p50 ${ms(percentile(overhead, 50))}, p95 ${ms(percentile(overhead, 95))} (goal p95 <= 100 ms)`,
    );
    console.log(`speech stopped -> final stored (host page): p50 ${ms(percentile(stored, 50))}, p95 ${ms(percentile(stored, 95))}`);
    console.log(
      `speech stopped -> first translated words (viewer): p50 ${ms(percentile(translated, 50))}, p95 ${ms(percentile(translated, 95))}`,
    );
    console.log(`chunks dropped: ${dropped} of ${STREAMS * audio.length}; audio_gap frames: ${gaps}`);
    console.log(
      `finals stored (database): ${inDatabase} of ${expected}, ${doubled} stored twice; on the host page: ${stored.length}; translated on the viewer: ${translated.length}`,
    );
    const delay = (p: number) => ms(loop.percentile(p) / 1e6);
    console.log(`event-loop delay of the gateway process while streaming: p50 ${delay(50)}, p99 ${delay(99)}, max ${ms(loop.max / 1e6)}`);
    console.log(
      `CPU per stream: asr-svc ${perStream(cpu.asr)}; gateway process (with rooms, translate, fakes, clients) ${perStream((cpu.main.user + cpu.main.system) / 1e6)}`,
    );
  } finally {
    clients.forEach((c) => c.close());
    asr.kill('SIGTERM');
    await stack.close();
    await fake.close();
    await llm.stop();
    await db.drop();
  }
}

async function openRoom(baseUrl: string, i: number) {
  const res = await fetch(`${baseUrl}/api/rooms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: `{"name":"bench ${i}"}`,
  });
  const { room, hostKey } = (await res.json()) as CreateRoomResponse;
  const host = await LiveClient.connect(baseUrl);
  const viewer = await LiveClient.connect(baseUrl);
  host.send({ type: 'join', roomId: room.id, role: 'host', hostKey });
  viewer.send({ type: 'join', roomId: room.id, role: 'viewer', lang: 'fr' });
  await host.waitFor((c) => c.of('joined').length === 1, 10_000, 'host joined');
  await viewer.waitFor((c) => c.of('joined').length === 1, 10_000, 'viewer joined');
  host.send({ type: 'room_start', sourceLanguage: 'es' });
  await viewer.waitFor((c) => c.of('room_start').length === 1, 10_000, 'room_start');
  const audio = await AudioClient.start(baseUrl, {
    roomId: room.id,
    role: 'host',
    hostKey,
    streamId: crypto.randomUUID(),
    sourceLanguage: 'es',
    sampleRate: RATE,
  });
  return { host, viewer, audio };
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
