import 'reflect-metadata';
import { fork, type ChildProcess } from 'node:child_process';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { FakeAsrServer, FakeOpenAiServer } from '@lt/testing';
import { cpuSeconds } from '../load/product';

/**
 * The services the product calls during the speech bench, each in a process of its own as they are remote: the
 * fake speech provider (which notes when each chunk of audio reaches it) and the fake language model, paced like
 * a real one (`MODEL_PACE`). Neither shares an event loop with the pages that send the audio, nor with each
 * other: the model's streams, hundreds at a time, and the pages' sockets would otherwise delay the moment a
 * chunk is seen to arrive, as a provider's servers are not delayed by a speaker's browser.
 */

/** How the fake language model answers: as a real one does. */
export const MODEL_PACE = { firstTokenMs: 300, tokensPerSecond: 30 };

/** When each chunk reached the provider (Date.now()), per stream index; and the provider's event-loop delay. */
export interface Arrivals {
  arrived: number[][];
  /** The provider process's event-loop delay while the audio streamed, ms: it is in every arrival time. */
  loop: { p50: number; p99: number; max: number };
}

type Order = { cmd: 'streaming' } | { cmd: 'streamed' } | { cmd: 'arrivals' } | { cmd: 'count' };
type Answer = { ready: Record<string, string> } | { count: number } | { arrivals: Arrivals } | { done: true };

/** Starts `file` as a child process of the bench with `args`, once it reports `{ ready }`. */
export function forkReady<T>(file: string, args: string[]): Promise<{ child: ChildProcess; ready: T }> {
  const child = fork(file, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (report: { ready?: T }) =>
      report.ready ? resolve({ child, ready: report.ready }) : reject(new Error(JSON.stringify(report))),
    );
    child.once('exit', (code) => reject(new Error(`the bench's ${args[0]} process ended (${code})`)));
  });
}

/** A process of this file, and the requests to it (answered in order). */
class Remote {
  private readonly waiting: ((answer: Answer) => void)[] = [];

  private constructor(readonly child: ChildProcess) {
    child.on('message', (answer: Answer) => this.waiting.shift()?.(answer));
  }

  static async start<T>(args: string[]): Promise<{ remote: Remote; ready: T }> {
    const { child, ready } = await forkReady<T>(__filename, args);
    return { remote: new Remote(child), ready };
  }

  ask<A extends Answer>(order: Order): Promise<A> {
    return new Promise((resolve) => {
      this.waiting.push(resolve as (answer: Answer) => void);
      this.child.send(order);
    });
  }

  stop(): void {
    if (this.child.exitCode === null) this.child.kill();
  }
}

/** The bench's handle on the two remote services. */
export class RemoteServices {
  private constructor(
    private readonly provider: Remote,
    private readonly model: Remote,
    readonly urls: { llmUrl: string; deepgramUrl: string },
  ) {}

  static async start(apiKey: string): Promise<RemoteServices> {
    const model = await Remote.start<{ llmUrl: string }>(['--model']);
    const provider = await Remote.start<{ deepgramUrl: string }>(['--provider', apiKey]).catch((error: Error) => {
      model.remote.stop();
      throw error;
    });
    return new RemoteServices(provider.remote, model.remote, { ...model.ready, ...provider.ready });
  }

  /** The audio starts (the provider's event-loop delay is measured from now) or has all been sent. */
  async streaming(started: boolean): Promise<void> {
    await this.provider.ask({ cmd: started ? 'streaming' : 'streamed' });
  }

  /** Chunks that reached the provider so far. */
  async count(): Promise<number> {
    return (await this.provider.ask<{ count: number }>({ cmd: 'count' })).count;
  }

  async arrivals(): Promise<Arrivals> {
    return (await this.provider.ask<{ arrivals: Arrivals }>({ cmd: 'arrivals' })).arrivals;
  }

  /** CPU seconds so far of the provider's process and of the model's. */
  cpuSeconds(): { provider: number; model: number } {
    return { provider: cpuSeconds(this.provider.child.pid), model: cpuSeconds(this.model.child.pid) };
  }

  close(): void {
    this.provider.stop();
    this.model.stop();
  }
}

/** The provider's process: a fake Deepgram that notes when each stream's chunks arrive. */
async function serveProvider(apiKey: string): Promise<void> {
  const arrived: number[][] = [];
  const streamOfSession = new Map<number, number>();
  const fake = await FakeAsrServer.start({
    apiKey,
    script: ['Buenos días a todos y bienvenidos a la conferencia.'],
    onAudio: (session, pcm) => {
      // The first chunk of each stream carries its index in its first sample (silence otherwise).
      if (!streamOfSession.has(session.id)) streamOfSession.set(session.id, pcm.readInt16LE(0) - 1);
      const stream = streamOfSession.get(session.id) as number;
      (arrived[stream] ??= []).push(Date.now());
    },
  });
  let loop: IntervalHistogram | null = null;
  const answer = (a: Answer) => process.send?.(a);
  process.on('message', (order: Order) => {
    if (order.cmd === 'streaming') {
      loop = monitorEventLoopDelay({ resolution: 20 });
      loop.enable();
      return answer({ done: true });
    }
    if (order.cmd === 'streamed') return (loop?.disable(), answer({ done: true }));
    if (order.cmd === 'count') return answer({ count: arrived.reduce((n, list) => n + (list?.length ?? 0), 0) });
    const lag = loop
      ? { p50: loop.percentile(50) / 1e6, p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 }
      : { p50: NaN, p99: NaN, max: NaN };
    answer({ arrivals: { arrived: Array.from(arrived, (list) => list ?? []), loop: lag } });
  });
  process.on('disconnect', () => void fake.close().finally(() => process.exit(0)));
  answer({ ready: { deepgramUrl: fake.deepgramUrl } });
}

/** The model's process: answers until its parent goes. */
async function serveModel(): Promise<void> {
  const llm = new FakeOpenAiServer();
  await llm.start();
  llm.pace(MODEL_PACE);
  process.on('disconnect', () => void llm.stop().finally(() => process.exit(0)));
  process.send?.({ ready: { llmUrl: llm.url } });
}

if (process.argv[2] === '--provider') void serveProvider(process.argv[3]);
if (process.argv[2] === '--model') void serveModel();
