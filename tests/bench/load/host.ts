import { setTimeout as sleep } from 'node:timers/promises';
import type WebSocket from 'ws';
import { FINAL_TRANSCRIPT_ERRORS, type LanguageCode, type ServerFrame } from '@lt/contracts';
import { open } from './socket';

interface Pending {
  frame: Record<string, unknown> & { messageId: string };
  sentAt: number;
}

/** As the web client (apps/web outbox-sender.ts): a final unanswered this long is sent again, with those after it. */
const ACK_TIMEOUT_MS = 12_000;
/** The host gives up, and the scenario fails with a reason, when no sentence is answered for this long. */
const STALL_MS = 60_000;

/**
 * The host: speaks final sentences at a fixed rate, each stamped with its send time, keeps each until acked
 * and sends it again after a passing refusal or after ACK_TIMEOUT_MS unanswered (from the oldest, at most 20
 * unanswered), and joins again when the server closes its socket, as the web client does.
 */
export class Host {
  sent = 0;
  acked = 0;
  resent = 0;
  dropped = 0;
  lastSeq = 0;
  /** Times the server closed the host's socket (a missed ping, too slow to read), each followed by a new join. */
  rejoins = 0;
  /** Why the server closed it, by close code and reason. */
  readonly closes = new Map<string, number>();
  readonly ackMs: number[] = [];
  private readonly pending = new Map<string, Pending>();
  private ws: WebSocket | null = null;
  private resendDue = false;
  private waiters: (() => void)[] = [];
  private closed = false;
  private lastAnswer = Date.now();
  private ackTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly wsUrl: string,
    private readonly origin: string,
    private readonly roomId: string,
    private readonly hostKey: string,
    private readonly sourceLanguage: LanguageCode,
  ) {}

  /** Joins and starts the room; resolves once the room has started. */
  async start(): Promise<void> {
    await this.join(true);
    this.ackTimer = setInterval(() => this.checkAcks(), 1_000);
  }

  private async join(first: boolean): Promise<void> {
    const ws = await open(this.wsUrl, this.origin);
    this.ws = ws;
    ws.on('error', () => undefined);
    const started = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the room did not ${first ? 'start' : 'take the host back'} within 10 s`)), 10_000);
      const ready = () => {
        clearTimeout(timer);
        resolve();
      };
      ws.on('message', (data) => {
        const frame = JSON.parse(String(data)) as ServerFrame;
        if (frame.type === 'joined') {
          if (first) ws.send(JSON.stringify({ type: 'room_start', sourceLanguage: this.sourceLanguage }));
          else ready();
        } else if (frame.type === 'room_start') ready();
        else if (frame.type === 'ack') this.onAck(frame.messageId, frame.seq);
        else if (frame.type === 'error') this.onError(frame.messageId, frame.code, frame.message);
      });
      ws.on('close', (code, reason) => {
        clearTimeout(timer);
        if (this.closed || ws !== this.ws) return;
        const why = `${code} ${String(reason) || '(no reason)'}`;
        this.closes.set(why, (this.closes.get(why) ?? 0) + 1);
        console.warn(`host: the server closed the socket (${why}); joining again with ${this.pending.size} sentences unanswered`);
        void this.rejoin();
      });
    });
    ws.send(JSON.stringify({ type: 'join', roomId: this.roomId, role: 'host', hostKey: this.hostKey }));
    await started;
  }

  /** After a close: joins again (retrying every second) and sends every unanswered sentence, oldest first. */
  private async rejoin(): Promise<void> {
    this.ws = null;
    while (!this.closed) {
      try {
        await this.join(false);
        this.rejoins += 1;
        this.resendAll();
        return;
      } catch (err) {
        console.warn(`host: joining again failed (${(err as Error).message}); trying again in 1 s`);
        await sleep(1000);
      }
    }
  }

  private resendAll(): void {
    const now = Date.now();
    for (const entry of this.pending.values()) {
      entry.sentAt = now;
      this.ws?.send(JSON.stringify(entry.frame));
      this.resent += 1;
    }
  }

  /** A sentence unanswered for ACK_TIMEOUT_MS (its answer lost): everything unanswered goes again. */
  private checkAcks(): void {
    const now = Date.now();
    for (const { sentAt } of this.pending.values()) {
      if (now - sentAt >= ACK_TIMEOUT_MS) {
        console.warn(`host: a sentence unanswered for ${ACK_TIMEOUT_MS / 1000} s: sending the ${this.pending.size} unanswered again`);
        return this.resendAll();
      }
    }
  }

  /** Speaks `count` sentences, one every 1000/rate ms from now (the schedule does not drift). */
  async speak(count: number, rate: number, tag: string): Promise<void> {
    const start = Date.now();
    for (let i = 1; i <= count; i++) {
      const due = start + ((i - 1) * 1000) / rate;
      if (due > Date.now()) await sleep(due - Date.now());
      while (this.pending.size >= 20) {
        if (Date.now() - this.lastAnswer > STALL_MS)
          throw new Error(`the host had ${this.pending.size} sentences unanswered for ${STALL_MS / 1000} s (rejoins ${this.rejoins})`);
        await sleep(20);
      }
      const now = Date.now();
      const frame = {
        type: 'transcript',
        messageId: `${tag}-${i}`,
        text: `Frase número ${i} de la prueba de carga: la sala sigue escuchando al ponente.`,
        sourceLanguage: this.sourceLanguage,
        timestamp: new Date(now).toISOString(),
        confidence: 0.95,
        final: true,
      };
      this.pending.set(frame.messageId, { frame, sentAt: now });
      this.ws?.send(JSON.stringify(frame));
      this.sent += 1;
    }
  }

  /** Resolves once every sentence is answered, or after `timeoutMs`. */
  async drained(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (this.pending.size > 0 && Date.now() < deadline) {
      await new Promise<void>((r) => {
        this.waiters.push(r);
        setTimeout(r, 200);
      });
    }
    return this.pending.size === 0;
  }

  get unanswered(): number {
    return this.pending.size;
  }

  close(): void {
    this.closed = true;
    clearInterval(this.ackTimer);
    this.ws?.close();
  }

  private onAck(messageId: string, seq: number): void {
    const entry = this.pending.get(messageId);
    if (!entry) return;
    this.pending.delete(messageId);
    this.lastAnswer = Date.now();
    this.acked += 1;
    this.ackMs.push(Date.now() - entry.sentAt);
    this.lastSeq = Math.max(this.lastSeq, seq);
    this.wake();
  }

  private onError(messageId: string | undefined, code: string, message: string): void {
    if (!messageId || !this.pending.has(messageId)) {
      console.warn(`host: error ${code}: ${message}`);
      return;
    }
    if (FINAL_TRANSCRIPT_ERRORS.has(code)) {
      this.pending.delete(messageId);
      this.lastAnswer = Date.now();
      this.dropped += 1;
      console.error(`host: sentence ${messageId} refused for good: ${code} ${message}`);
      this.wake();
      return;
    }
    this.lastAnswer = Date.now();
    if (this.resendDue) return;
    this.resendDue = true;
    setTimeout(() => {
      this.resendDue = false;
      this.resendAll();
    }, 1000);
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    waiters.forEach((w) => w());
  }
}
