import {
  CLOSE_CODES,
  REALTIME,
  type ClientFrame,
  type JoinFrame,
  type JoinedFrame,
  type ServerFrame,
  type TranscriptFrame,
} from '@lt/contracts';
import { ClockOffset, clockSample, onServerClock } from './clock-offset';
import { browserSignals, Heartbeat, reconnectDelay, type PageSignal, type PageSignals } from './connection-watch';
import type { Outbox } from './outbox';
import { OutboxSender } from './outbox-sender';
import { SendBudget } from './send-budget';
import { FATAL_JOIN_ERRORS, FINAL_CLOSE_CODES, isServerFrame, type LiveProblem, type LiveStatus } from './live-status';
import { createBrowserSocket, defaultSocketUrl, SOCKET_OPEN, type SocketLike } from './socket.types';

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

/**
 * One room connection over `/ws`: join, reconnect with back-off, re-join, and, for hosts and speakers, their
 * outbox of finals, sent by an OutboxSender while the connection is joined.
 */
export class LiveClient {
  private socket: SocketLike | null = null;
  private joinedFrame: JoinedFrame | null = null;
  private currentStatus: LiveStatus = 'disconnected';
  private stopped = true;
  private failedAttempts = 0;
  private connectTimer: ReturnType<typeof setTimeout> | undefined;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly budget = new SendBudget();
  private readonly sender: OutboxSender | undefined;
  private everJoined = false;
  private readonly signals: PageSignals;
  private unsubscribe: (() => void) | undefined;
  private readonly heartbeat: Heartbeat;
  private readonly clock = new ClockOffset();
  /** When this connection's join went out: how long it took to be answered tells how slow the link is. */
  private joinSentAt = 0;

  constructor(private readonly options: LiveClientOptions) {
    this.signals = options.signals ?? browserSignals;
    this.heartbeat = new Heartbeat(
      () => this.ping(),
      () => this.lost(),
      () => this.signals.visible(),
    );
    const link = { joined: () => this.joinedFrame !== null, send: (frame: TranscriptFrame) => this.send(frame) };
    this.sender = options.outbox ? new OutboxSender(options.outbox, this.budget, link) : undefined;
  }

  get status(): LiveStatus {
    return this.currentStatus;
  }

  get joined(): JoinedFrame | null {
    return this.joinedFrame;
  }

  /** Milliseconds to add to Date.now() to read the server's clock; null until measured on this connection. */
  get clockOffset(): number | null {
    return this.clock.offset;
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
    // Every sentence of a room on one clock, the server's: viewers measure how late they read it from it.
    const stamped = { ...frame, timestamp: onServerClock(frame.timestamp, this.clock.offset) };
    if (!stamped.final || !this.sender) return this.send(stamped);
    return this.sender.add(stamped);
  }

  private ping(): void {
    this.send({ type: 'ping', t: Date.now() });
  }

  private open(): void {
    this.teardown();
    this.setStatus(this.everJoined ? 'reconnecting' : 'connecting', null);
    const socket = (this.options.createSocket ?? createBrowserSocket)(this.options.url ?? defaultSocketUrl());
    this.socket = socket;
    socket.onopen = () => {
      this.joinSentAt = Date.now();
      socket.send(JSON.stringify(this.options.buildJoin()));
    };
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
        this.sender?.acked(frame.messageId);
        break;
      case 'pong':
        if (typeof frame.t === 'number') this.heartbeat.answered(Date.now() - frame.t);
        if (typeof frame.t === 'number' && typeof frame.serverTime === 'number') {
          this.clock.add(clockSample(frame.t, frame.serverTime, Date.now()));
        }
        break;
      case 'error':
        if (!this.joinedFrame && FATAL_JOIN_ERRORS.has(frame.code)) {
          this.stopped = true;
          this.teardown(CLOSE_CODES.normal);
          this.setStatus('failed', { kind: 'rejected', code: frame.code, message: frame.message });
          return;
        }
        if (frame.messageId) this.sender?.refused(frame.messageId, frame.code);
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
    this.sender?.start();
    this.heartbeat.start(Date.now() - this.joinSentAt);
    this.clock.renew();
    this.ping();
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
    this.sender?.stop();
    this.connectTimer = undefined;
    this.reconnectTimer = undefined;
  }

  private setStatus(status: LiveStatus, problem: LiveProblem | null): void {
    this.currentStatus = status;
    this.options.onStatus?.(status, problem);
  }
}
