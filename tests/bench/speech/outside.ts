import 'reflect-metadata';
import type { ChildProcess } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { type CreateRoomResponse } from '@lt/contracts';
import { AudioClient, LiveClient, sentencesAudio } from '@lt/testing';
import { forkReady } from './remote';

/**
 * The speakers and viewers of the speech bench, in a process of their own so that they do not share the event
 * loop and the CPU count of the process they time: per room a host page streaming audio at real time on
 * `/ws/audio`, its live socket and a French viewer. The pages note when each chunk is sent, and time speech
 * stopped -> final on the host page -> translation on the viewer. The speech provider and the language model
 * answer from processes of their own (./remote.ts), where each chunk's arrival is noted.
 */

export interface SpeechPlan {
  baseUrl: string;
  streams: number;
  sentences: number;
  rate: number;
  speechMs: number;
  pauseMs: number;
  chunkMs: number;
  /** How long the counts may stay still before what has not arrived is taken as never arriving. */
  settleMs: number;
}

export interface SpeechResult {
  /** Per stream index, when each chunk was sent (Date.now()). */
  sent: number[][];
  chunks: number;
  gaps: number;
  /** Per sentence: speech stopped -> final on the host page, and -> translation on the viewer. */
  stored: number[];
  translated: number[];
  /** Translation frames the viewers got that carry the original text (no translation was made in time). */
  originals: number;
  /** Seconds of audio streaming, and CPU seconds of this process meanwhile. */
  wall: number;
  cpu: number;
  /** This process's event-loop delay while streaming, ms (p50, p99, max): it is in every time taken here. */
  loop: { p50: number; p99: number; max: number };
}

type Order = { cmd: 'run'; plan: SpeechPlan } | { cmd: 'close' };
type Report = { ready: true } | { streaming: true } | { streamed: true } | { result: SpeechResult } | { error: string };

/** The bench's handle on the pages' process. */
export class Outside {
  private constructor(private readonly child: ChildProcess) {}

  static async start(): Promise<Outside> {
    return new Outside((await forkReady<true>(__filename, ['--outside'])).child);
  }

  /** Streams the plan; `streaming`/`streamed` bracket the audio (the bench times its CPU between them). */
  run(plan: SpeechPlan, on: { streaming(): void; streamed(): void }): Promise<SpeechResult> {
    return new Promise((resolve, reject) => {
      const listener = (report: Report) => {
        if ('streaming' in report) return on.streaming();
        if ('streamed' in report) return on.streamed();
        this.child.off('message', listener);
        if ('result' in report) resolve(report.result);
        else reject(new Error('error' in report ? report.error : 'unexpected report'));
      };
      this.child.on('message', listener);
      this.child.send({ cmd: 'run', plan } satisfies Order);
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.child.exitCode !== null) return resolve();
      this.child.once('exit', () => resolve());
      this.child.send({ cmd: 'close' } satisfies Order);
      setTimeout(() => this.child.kill('SIGKILL'), 10_000).unref();
    });
  }
}

const sleep = (t: number) => new Promise((r) => setTimeout(r, t));
/** Rooms opened together, and how long a page waits for each step of opening one. */
const OPENING = 10;
const OPEN_WAIT_MS = 30_000;

/** Waits while `count` still grows (or until it reaches `all`): what arrives late is counted, late. */
export async function settle(count: () => number | Promise<number>, all: number, stillMs: number): Promise<number> {
  let last = -1;
  let since = Date.now();
  for (;;) {
    const now = await count();
    if (now >= all) return now;
    if (now !== last) [last, since] = [now, Date.now()];
    else if (Date.now() - since >= stillMs) return now;
    await sleep(1000);
  }
}

/** The child's side. */
async function serve(): Promise<void> {
  const send = (report: Report) => process.send?.(report);
  const clients: { close(): void }[] = [];
  process.on('message', (order: Order) => {
    if (order.cmd === 'close') {
      clients.forEach((c) => c.close());
      process.exit(0);
    }
    run(order.plan).then(
      (result) => send({ result }),
      (error: Error) => send({ error: error.stack ?? error.message }),
    );
  });
  send({ ready: true });

  async function run(plan: SpeechPlan): Promise<SpeechResult> {
    const { streams, sentences, speechMs, pauseMs, chunkMs } = plan;
    const audio = sentencesAudio(sentences, plan.rate, { speechMs, pauseMs, chunkMs });
    // A few rooms at a time: a hundred joins at once on a busy machine outlast their waits.
    const rooms: Awaited<ReturnType<typeof openRoom>>[] = [];
    for (let i = 0; i < streams; i += OPENING)
      rooms.push(...(await Promise.all(Array.from({ length: Math.min(OPENING, streams - i) }, (_, k) => openRoom(plan, i + k)))));
    clients.push(...rooms.flatMap((r) => [r.host, r.viewer, r.audio]));
    const sent = rooms.map((): number[] => []);
    const speechEnds = rooms.map((): number[] => []);
    send({ streaming: true });
    const loop = monitorEventLoopDelay({ resolution: 20 });
    loop.enable();
    const cpu0 = process.cpuUsage();
    const started = Date.now();
    await Promise.all(
      rooms.map(async (room, i) => {
        const chunks = audio.map((c, n) => {
          if (n > 0) return c;
          const first = Buffer.from(c);
          first.writeInt16LE(i + 1, 0);
          return first;
        });
        await sleep((i * 37) % 1000);
        const t0 = Date.now();
        let due = 0;
        for (const [n, chunk] of chunks.entries()) {
          const wait = t0 + due - Date.now();
          if (wait > 0) await sleep(wait);
          room.audio.sendChunk(chunk);
          sent[i].push(Date.now());
          due += chunkMs;
          // The sentence's tone ends with this chunk: speech stopped now.
          const at = (n + 1) * chunkMs;
          if ((at - 300) % (speechMs + pauseMs) === speechMs) speechEnds[i].push(Date.now());
        }
        room.audio.stop();
      }),
    );
    const wall = (Date.now() - started) / 1000;
    const used = process.cpuUsage(cpu0);
    loop.disable();
    const lag = { p50: loop.percentile(50) / 1e6, p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 };
    send({ streamed: true });
    const expected = streams * sentences;
    const countOf = (client: (r: (typeof rooms)[number]) => LiveClient, type: 'transcript' | 'translation') => () =>
      rooms.reduce((n, r) => n + Math.min(sentences, client(r).of(type).length), 0);
    await settle(
      countOf((r) => r.host, 'transcript'),
      expected,
      plan.settleMs,
    );
    await settle(
      countOf((r) => r.viewer, 'translation'),
      expected,
      plan.settleMs,
    );
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
    const originals = rooms.reduce(
      (n, r) => n + r.viewer.of('translation').filter((f) => (f as { fallback?: string }).fallback === 'original').length,
      0,
    );
    return {
      sent,
      chunks: streams * audio.length,
      gaps,
      stored,
      translated,
      originals,
      wall,
      cpu: (used.user + used.system) / 1e6,
      loop: lag,
    };
  }
}

async function openRoom(plan: SpeechPlan, i: number) {
  const { baseUrl } = plan;
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
  await host.waitFor((c) => c.of('joined').length === 1, OPEN_WAIT_MS, 'host joined');
  await viewer.waitFor((c) => c.of('joined').length === 1, OPEN_WAIT_MS, 'viewer joined');
  host.send({ type: 'room_start', sourceLanguage: 'es' });
  await viewer.waitFor((c) => c.of('room_start').length === 1, OPEN_WAIT_MS, 'room_start');
  const audio = await AudioClient.start(baseUrl, {
    roomId: room.id,
    role: 'host',
    hostKey,
    streamId: crypto.randomUUID(),
    sourceLanguage: 'es',
    sampleRate: plan.rate,
  });
  return { host, viewer, audio };
}

if (process.argv[2] === '--outside') void serve();
