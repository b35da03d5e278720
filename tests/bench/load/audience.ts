import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import type { LanguageCode, ServerFrame } from '@lt/contracts';
import { SeqTracker } from './seq-tracker';
import { open } from './socket';

/** What the audience of one scenario saw, summed over its viewers. */
export class AudienceStats {
  /** Live captions only: from the host's send (the frame's `timestamp`) to the receipt. */
  readonly delays: number[] = [];
  /** The host's send time of each entry of `delays`, to tell captions sent during a summary storm apart. */
  readonly sentAt: number[] = [];
  frames = 0;
  catchUp = 0;
  /** A seq at or below one the same socket had already been sent: the gateway promises it never happens. */
  outOfOrder = 0;
  socketFailures = 0;
  reconnects = 0;
  errors = new Map<string, number>();
}

/** One viewer pressing the summary button: the answer's latency, and whether it was a summary (or its error code). */
export interface SummaryResult {
  ms: number;
  ok: boolean;
  outcome: string;
}

/**
 * One viewer: joins in its language, records the seqs it gets, and on a reconnection (asked for, or the
 * server closing the socket) joins again with `since`, as the web viewer does.
 */
export class Viewer {
  tracker: SeqTracker | null = null;
  /** What each resume had to bring: (since, the room's seq at the re-join]. */
  readonly windows: [number, number][] = [];
  private ws: WebSocket | null = null;
  private leaving = false;
  private stopped = false;
  /** Summary requests waiting for their answer: the shared `summary` frame, or a `summary_error` naming one. */
  private readonly asking = new Map<string, (outcome: string) => void>();
  private asked = 0;
  /** The id the viewer joins with: what it asks and votes with (X-Client-Id), as the web viewer does. */
  readonly viewerId = `bench-${crypto.randomUUID()}`;

  constructor(
    private readonly wsUrl: string,
    private readonly origin: string,
    private readonly roomId: string,
    readonly lang: LanguageCode,
    private readonly stats: AudienceStats,
  ) {}

  /** Resolves once joined. */
  async connect(): Promise<void> {
    const since = this.tracker ? this.tracker.since() : undefined;
    const ws = await open(this.wsUrl, this.origin);
    this.ws = ws;
    this.leaving = false;
    let joinedSeq: number | null = null;
    let lastOnSocket = 0;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no joined frame within 30 s')), 30_000);
      ws.on('message', (data) => {
        const now = Date.now();
        const frame = JSON.parse(String(data)) as ServerFrame;
        if (frame.type === 'joined') {
          joinedSeq = frame.seq;
          if (!this.tracker) this.tracker = new SeqTracker(frame.seq);
          else this.windows.push([since ?? 0, frame.seq]);
          clearTimeout(timer);
          resolve();
        } else if (frame.type === 'translation' && this.tracker) {
          this.stats.frames += 1;
          if (frame.seq <= lastOnSocket) this.stats.outOfOrder += 1;
          lastOnSocket = Math.max(lastOnSocket, frame.seq);
          this.tracker.record(frame.seq);
          if (joinedSeq !== null && frame.seq > joinedSeq) {
            const sent = Date.parse(frame.timestamp);
            this.stats.delays.push(now - sent);
            this.stats.sentAt.push(sent);
          } else this.stats.catchUp += 1;
        } else if (frame.type === 'summary') {
          const ok = typeof frame.summary === 'string' && frame.lang === this.lang && frame.sinceSeq === 0;
          for (const answer of this.asking.values()) answer(ok ? 'summary' : 'wrong summary');
          this.asking.clear();
        } else if (frame.type === 'summary_error') {
          this.asking.get(frame.requestId)?.(frame.code);
          this.asking.delete(frame.requestId);
        } else if (frame.type === 'error') {
          this.stats.errors.set(frame.code, (this.stats.errors.get(frame.code) ?? 0) + 1);
        }
      });
      ws.on('error', () => undefined);
      ws.on('close', () => {
        clearTimeout(timer);
        if (this.leaving || this.stopped) return;
        this.stats.socketFailures += 1;
        setTimeout(() => void this.reconnect(), 1000);
      });
      const join = { type: 'join', roomId: this.roomId, role: 'viewer', lang: this.lang, viewerId: this.viewerId };
      ws.send(JSON.stringify({ ...join, ...(since === undefined ? {} : { since }) }));
    });
  }

  /** Asks for the session's summary on the socket, as the web viewer does; resolves when it is answered. */
  askSummary(timeoutMs = 120_000): Promise<SummaryResult> {
    const started = performance.now();
    const requestId = `b${++this.asked}`;
    return new Promise((resolve) => {
      const done = (outcome: string) => {
        clearTimeout(timer);
        resolve({ ms: performance.now() - started, ok: outcome === 'summary', outcome });
      };
      const timer = setTimeout(() => {
        this.asking.delete(requestId);
        done('timeout');
      }, timeoutMs);
      this.asking.set(requestId, done);
      if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify({ type: 'summary_request', requestId, lang: this.lang }));
      else done('not connected');
    });
  }

  /** Drops the connection as a network loss would, and comes back after `pauseMs` with `since`. */
  async churn(pauseMs: number): Promise<void> {
    this.leaving = true;
    this.ws?.terminate();
    await sleep(pauseMs);
    this.stats.reconnects += 1;
    await this.reconnect();
  }

  private async reconnect(): Promise<void> {
    for (let attempt = 0; !this.stopped; attempt++) {
      try {
        return await this.connect();
      } catch {
        this.stats.socketFailures += 1;
        await sleep(Math.min(5000, 500 * 2 ** attempt));
      }
    }
  }

  /** Every seq in (base, last] it holds, or could still get. */
  complete(last: number): boolean {
    return !!this.tracker && this.tracker.missingIn(this.tracker.base, last) === 0;
  }

  close(): void {
    this.stopped = true;
    this.ws?.close();
  }
}
