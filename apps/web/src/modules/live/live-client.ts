import {
  CLOSE_CODES,
  LiveErrorCode,
  REALTIME,
  type ClientFrame,
  type JoinFrame,
  type JoinedFrame,
  type ServerFrame,
  type TranscriptFrame,
} from '@lt/contracts';
import type { Outbox } from './outbox';
import { createBrowserSocket, defaultSocketUrl, SOCKET_OPEN, type SocketLike } from './socket.types';

export type LiveStatus = 'connecting' | 'connected' | 'disconnected' | 'failed';

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
}

export const PING_INTERVAL_MS = 25_000;
export const MAX_RECONNECT_DELAY_MS = 30_000;
/** After a transcript is refused for a passing reason (a service restarting), the outbox is sent again this much later. */
export const RESEND_DELAY_MS = 3_000;

/** Refusals that another attempt cannot fix. */
const FATAL_JOIN_ERRORS: ReadonlySet<string> = new Set([
  LiveErrorCode.BadFrame,
  LiveErrorCode.Forbidden,
  LiveErrorCode.InvalidHostKey,
  LiveErrorCode.InvalidInvite,
  LiveErrorCode.RoomNotFound,
]);

/** A transcript refused for these reasons would be refused again, so it leaves the outbox. */
const FINAL_TRANSCRIPT_ERRORS: ReadonlySet<string> = new Set([
  LiveErrorCode.BadFrame,
  LiveErrorCode.Forbidden,
  LiveErrorCode.RoomNotActive,
]);

function isServerFrame(value: unknown): value is ServerFrame {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

/** One room connection over `/ws`: join, reconnect with back-off, re-join, and the host outbox. */
export class LiveClient {
  private socket: SocketLike | null = null;
  private joinedFrame: JoinedFrame | null = null;
  private currentStatus: LiveStatus = 'disconnected';
  private stopped = true;
  private failedAttempts = 0;
  private connectTimer: ReturnType<typeof setTimeout> | undefined;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private resendTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: LiveClientOptions) {}

  get status(): LiveStatus {
    return this.currentStatus;
  }

  get joined(): JoinedFrame | null {
    return this.joinedFrame;
  }

  connect(): void {
    this.stopped = false;
    this.open();
  }

  close(): void {
    this.stopped = true;
    this.teardown(CLOSE_CODES.normal);
    this.setStatus('disconnected', null);
  }

  /** Sends a frame on a joined connection; false when there is none. */
  send(frame: ClientFrame): boolean {
    if (!this.joinedFrame || !this.socket || this.socket.readyState !== SOCKET_OPEN) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  /** Finals wait in the outbox until acked; interim lines are only worth sending right now. */
  sendTranscript(frame: TranscriptFrame): boolean {
    if (frame.final) this.options.outbox?.add(frame);
    return this.send(frame);
  }

  private open(): void {
    this.teardown();
    this.setStatus('connecting', null);
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

    switch (frame.type) {
      case 'joined':
        this.handleJoined(frame);
        return;
      case 'ack':
        this.options.outbox?.remove(frame.messageId);
        break;
      case 'error':
        if (!this.joinedFrame && FATAL_JOIN_ERRORS.has(frame.code)) {
          this.stopped = true;
          this.teardown(CLOSE_CODES.normal);
          this.setStatus('failed', { kind: 'rejected', code: frame.code, message: frame.message });
          return;
        }
        if (frame.messageId && FINAL_TRANSCRIPT_ERRORS.has(frame.code)) {
          this.options.outbox?.remove(frame.messageId);
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
    this.failedAttempts = 0;
    this.setStatus('connected', null);
    this.options.onFrame?.(frame);
    for (const pending of this.options.outbox?.list() ?? []) this.send(pending);
    clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => this.send({ type: 'ping' }), PING_INTERVAL_MS);
  }

  /** The connection is fine but the sentence was not stored: try the outbox again shortly, once for all. */
  private scheduleResend(): void {
    if (this.resendTimer) return;
    this.resendTimer = setTimeout(() => {
      this.resendTimer = undefined;
      if (!this.joinedFrame) return;
      for (const pending of this.options.outbox?.list() ?? []) this.send(pending);
    }, RESEND_DELAY_MS);
  }

  private handleTimeout(): void {
    this.teardown();
    this.setStatus('failed', { kind: 'timeout' });
    this.scheduleReconnect();
  }

  private handleClose(code: number, reason: string): void {
    this.detach();
    this.clearTimers();
    this.joinedFrame = null;
    if (this.stopped) return;
    if (code === CLOSE_CODES.policyViolation) {
      this.stopped = true;
      this.setStatus('failed', { kind: 'closed', code, reason });
      return;
    }
    this.setStatus('disconnected', { kind: 'closed', code, reason });
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    const delay = Math.min(REALTIME.reconnectDelayMs * 2 ** this.failedAttempts, MAX_RECONNECT_DELAY_MS);
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
    clearInterval(this.pingTimer);
    clearTimeout(this.resendTimer);
    this.resendTimer = undefined;
    this.connectTimer = undefined;
    this.reconnectTimer = undefined;
    this.pingTimer = undefined;
  }

  private setStatus(status: LiveStatus, problem: LiveProblem | null): void {
    this.currentStatus = status;
    this.options.onStatus?.(status, problem);
  }
}
