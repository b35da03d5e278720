import {
  CLOSE_CODES,
  FINAL_TRANSCRIPT_ERRORS,
  LIMITS,
  LiveErrorCode,
  REALTIME,
  type ClientFrame,
  type JoinFrame,
  type JoinedFrame,
  type ServerFrame,
  type TranscriptFrame,
} from '@lt/contracts';
import { browserSignals, Heartbeat, reconnectDelay, type PageSignal, type PageSignals } from './connection-watch';
import type { Outbox } from './outbox';
import { createBrowserSocket, defaultSocketUrl, SOCKET_OPEN, type SocketLike } from './socket.types';

/** `connecting` is the first connection only; once joined, every loss until the next join is `reconnecting`. */
export type LiveStatus = 'connecting' | 'connected' | 'reconnecting' | 'disconnected' | 'failed';

export type LiveProblem =
  | { kind: 'timeout' }
  | { kind: 'closed'; code: number; reason: string }
  | { kind: 'rejected'; code: string; message: string };

export interface LiveClientOptions {
  /** Called before every (re)join, so the frame carries the current language and `since`. */
  buildJoin: () => JoinFrame;
  onStatus?: (status: LiveStatus, problem: LiveProblem | null) => void;
  onFrame?: (frame: ServerFrame) => void;
  /** Hosts keep their finals here until acked; every (re)join resends them in order. */
  outbox?: Outbox;
  url?: string;
  createSocket?: (url: string) => SocketLike;
  /** The page's visibility and network events; the browser's by default. */
  signals?: PageSignals;
  /** Spreads the first retry after a loss; Math.random by default. */
  random?: () => number;
}

/** After a transcript is refused for a passing reason (a service restarting), the outbox is sent again this much later, */
export const RESEND_DELAY_MS = 1_000;
/** doubling while refusals go on, up to this. */
export const MAX_RESEND_DELAY_MS = 3_000;
/** Finals sent and not answered yet, at most: the rest of the outbox waits for acks. */
export const SEND_WINDOW = 20;
/** A final unanswered this long is sent again (with those after it). */
export const ACK_TIMEOUT_MS = 12_000;
/** The client keeps below the server's frame rate, so that a backlog is paced and never refused for its rate. */
export const SEND_RATE_PER_SECOND = Math.floor(LIMITS.framesPerSecond * 0.75);
export const SEND_BURST = Math.floor(LIMITS.frameBurst * 0.75);

/** A token bucket like the server's, a little slower. */
class SendBudget {
  private tokens = SEND_BURST;
  private last = Date.now();

  take(): boolean {
    this.refill();
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Milliseconds until the next frame may go. */
  wait(): number {
    this.refill();
    return this.tokens >= 1 ? 0 : Math.ceil(((1 - this.tokens) * 1000) / SEND_RATE_PER_SECOND);
  }

  private refill(): void {
    const now = Date.now();
    this.tokens = Math.min(SEND_BURST, this.tokens + ((now - this.last) / 1000) * SEND_RATE_PER_SECOND);
    this.last = now;
  }
}

/** Refusals that another attempt cannot fix. */
const FATAL_JOIN_ERRORS: ReadonlySet<string> = new Set([
  LiveErrorCode.BadFrame,
  LiveErrorCode.Forbidden,
  LiveErrorCode.InvalidHostKey,
  LiveErrorCode.InvalidInvite,
  LiveErrorCode.RoomNotFound,
]);

/**
 * Closes after which reconnecting cannot help: a policy violation, a deleted room, a removed speaker. Every
 * other close (a restart, a slow reader, a lost network) is followed by a reconnect with back-off.
 */
export const FINAL_CLOSE_CODES: ReadonlySet<number> = new Set([
  CLOSE_CODES.policyViolation,
  CLOSE_CODES.roomDeleted,
  CLOSE_CODES.speakerRemoved,
]);

function isServerFrame(value: unknown): value is ServerFrame {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

/**
 * One room connection over `/ws`: join, reconnect with back-off, re-join, and the host outbox. Finals leave
 * the outbox in spoken order, paced below the server's rate and at most SEND_WINDOW unanswered; one refused
 * for a passing reason, or unanswered too long, is sent again with everything after it until it is acked.
 */
export class LiveClient {
  private socket: SocketLike | null = null;
  private joinedFrame: JoinedFrame | null = null;
  private currentStatus: LiveStatus = 'disconnected';
  private stopped = true;
  private failedAttempts = 0;
  private connectTimer: ReturnType<typeof setTimeout> | undefined;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private resendTimer: ReturnType<typeof setTimeout> | undefined;
  private pumpTimer: ReturnType<typeof setTimeout> | undefined;
  private ackTimer: ReturnType<typeof setInterval> | undefined;
  /** Finals sent on this connection and not answered yet, with when they were sent. */
  private readonly inflight = new Map<string, number>();
  private refusals = 0;
  private readonly budget = new SendBudget();
  private everJoined = false;
  private readonly signals: PageSignals;
  private unsubscribe: (() => void) | undefined;
  private readonly heartbeat: Heartbeat;

  constructor(private readonly options: LiveClientOptions) {
    this.signals = options.signals ?? browserSignals;
    this.heartbeat = new Heartbeat(
      () => this.send({ type: 'ping' }),
      () => this.lost(),
      () => this.signals.visible(),
    );
  }

  get status(): LiveStatus {
    return this.currentStatus;
  }

  get joined(): JoinedFrame | null {
    return this.joinedFrame;
  }

  connect(): void {
    this.stopped = false;
    this.unsubscribe ??= this.signals.subscribe((signal) => this.onPageSignal(signal));
    this.open();
  }

  close(): void {
    this.stopped = true;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.teardown(CLOSE_CODES.normal);
    this.setStatus('disconnected', null);
  }

  /** Sends a frame on a joined connection; false when there is none, or when it would exceed the rate. */
  send(frame: ClientFrame): boolean {
    if (!this.joinedFrame || !this.socket || this.socket.readyState !== SOCKET_OPEN) return false;
    if (!this.budget.take()) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  /**
   * Finals wait in the outbox until acked and go out in spoken order (true when this one went at once);
   * interim lines are only worth sending right now.
   */
  sendTranscript(frame: TranscriptFrame): boolean {
    if (!frame.final || !this.options.outbox) return this.send(frame);
    this.options.outbox.add(frame);
    this.pump();
    return this.inflight.has(frame.messageId);
  }

  /** Sends the outbox's oldest unsent finals, as far as the window and the rate allow. */
  private pump(): void {
    const outbox = this.options.outbox;
    if (!outbox || !this.joinedFrame || this.resendTimer || this.pumpTimer) return;
    for (const pending of outbox.list()) {
      if (this.inflight.size >= SEND_WINDOW) return;
      if (this.inflight.has(pending.messageId)) continue;
      const wait = this.budget.wait();
      if (wait > 0) {
        this.pumpTimer = setTimeout(() => {
          this.pumpTimer = undefined;
          this.pump();
        }, wait);
        return;
      }
      if (!this.send(pending)) return;
      this.inflight.set(pending.messageId, Date.now());
    }
  }

  /** The server has answered a final: it leaves the window, and the outbox when stored or refused for good. */
  private answered(messageId: string, done: boolean): void {
    this.inflight.delete(messageId);
    if (done) this.options.outbox?.remove(messageId);
    this.pump();
  }

  private open(): void {
    this.teardown();
    this.setStatus(this.everJoined ? 'reconnecting' : 'connecting', null);
    const socket = (this.options.createSocket ?? createBrowserSocket)(this.options.url ?? defaultSocketUrl());
    this.socket = socket;
    socket.onopen = () => socket.send(JSON.stringify(this.options.buildJoin()));
    socket.onmessage = (event) => this.receive(event.data);
    socket.onclose = (event) => this.handleClose(event.code, event.reason);
    socket.onerror = () => undefined;
    this.connectTimer = setTimeout(() => this.handleTimeout(), REALTIME.connectTimeoutMs);
  }

  private receive(data: unknown): void {
    if (typeof data !== 'string') return;
    let frame: unknown;
    try {
      frame = JSON.parse(data);
    } catch {
      return;
    }
    if (!isServerFrame(frame)) return;
    this.heartbeat.heard();

    switch (frame.type) {
      case 'joined':
        this.handleJoined(frame);
        return;
      case 'ack':
        this.refusals = 0;
        this.answered(frame.messageId, true);
        break;
      case 'error':
        if (!this.joinedFrame && FATAL_JOIN_ERRORS.has(frame.code)) {
          this.stopped = true;
          this.teardown(CLOSE_CODES.normal);
          this.setStatus('failed', { kind: 'rejected', code: frame.code, message: frame.message });
          return;
        }
        if (frame.messageId && FINAL_TRANSCRIPT_ERRORS.has(frame.code)) {
          this.answered(frame.messageId, true);
        } else if (frame.messageId) {
          this.scheduleResend();
        }
        break;
    }
    this.options.onFrame?.(frame);
  }

  private handleJoined(frame: JoinedFrame): void {
    clearTimeout(this.connectTimer);
    this.connectTimer = undefined;
    this.joinedFrame = frame;
    this.everJoined = true;
    this.failedAttempts = 0;
    this.setStatus('connected', null);
    this.options.onFrame?.(frame);
    this.inflight.clear();
    this.pump();
    this.heartbeat.start();
    clearInterval(this.ackTimer);
    this.ackTimer = setInterval(() => this.checkAcks(), 1_000);
  }

  /**
   * The connection is fine but a sentence was not stored: the server refuses the ones after it too, so
   * shortly (later while refusals go on) the outbox is sent again from its oldest sentence.
   */
  private scheduleResend(): void {
    if (this.resendTimer) return;
    this.inflight.clear();
    const delay = Math.min(RESEND_DELAY_MS * 2 ** this.refusals, MAX_RESEND_DELAY_MS);
    this.refusals += 1;
    this.resendTimer = setTimeout(() => {
      this.resendTimer = undefined;
      this.pump();
    }, delay);
  }

  /** A final unanswered for too long (its answer was lost with a server): send from the oldest again. */
  private checkAcks(): void {
    const now = Date.now();
    for (const sentAt of this.inflight.values()) {
      if (now - sentAt >= ACK_TIMEOUT_MS) {
        this.inflight.clear();
        this.pump();
        return;
      }
    }
  }

  private handleTimeout(): void {
    this.teardown();
    // A first connection that never answers is a failure to show; a lost one is still being brought back.
    this.setStatus(this.everJoined ? 'reconnecting' : 'failed', { kind: 'timeout' });
    this.scheduleReconnect();
  }

  /** The socket stopped answering without closing: it is dropped and replaced at once. */
  private lost(): void {
    if (this.stopped || !this.socket) return;
    this.teardown();
    this.setStatus('reconnecting', { kind: 'timeout' });
    this.scheduleReconnect();
  }

  private onPageSignal(signal: PageSignal): void {
    if (this.stopped) return;
    if (signal === 'offline') {
      if (this.joinedFrame) this.lost();
      return;
    }
    if (this.joinedFrame) {
      this.heartbeat.probe();
      return;
    }
    // The network or the page is back: waiting out a back-off chosen while it was gone helps no one.
    if (this.reconnectTimer || this.currentStatus === 'failed' || this.currentStatus === 'reconnecting') {
      this.failedAttempts = 0;
      this.open();
    }
  }

  private handleClose(code: number, reason: string): void {
    this.detach();
    this.clearTimers();
    this.joinedFrame = null;
    if (this.stopped) return;
    if (FINAL_CLOSE_CODES.has(code)) {
      this.stopped = true;
      this.setStatus('failed', { kind: 'closed', code, reason });
      return;
    }
    this.setStatus('reconnecting', { kind: 'closed', code, reason });
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    const delay = reconnectDelay(this.failedAttempts, this.signals.visible(), this.options.random);
    this.failedAttempts += 1;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      if (!this.stopped) this.open();
    }, delay);
  }

  private detach(): void {
    const socket = this.socket;
    if (!socket) return;
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    socket.onerror = null;
    this.socket = null;
  }

  private teardown(code?: number): void {
    const socket = this.socket;
    this.detach();
    this.clearTimers();
    this.joinedFrame = null;
    try {
      socket?.close(code);
    } catch {
      /* already closed */
    }
  }

  private clearTimers(): void {
    clearTimeout(this.connectTimer);
    clearTimeout(this.reconnectTimer);
    this.heartbeat.stop();
    clearInterval(this.ackTimer);
    clearTimeout(this.resendTimer);
    clearTimeout(this.pumpTimer);
    this.inflight.clear();
    this.resendTimer = undefined;
    this.pumpTimer = undefined;
    this.ackTimer = undefined;
    this.connectTimer = undefined;
    this.reconnectTimer = undefined;
  }

  private setStatus(status: LiveStatus, problem: LiveProblem | null): void {
    this.currentStatus = status;
    this.options.onStatus?.(status, problem);
  }
}
