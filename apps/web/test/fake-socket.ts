import type { SocketLike } from '../src/modules/live/socket.types';

/** A scriptable WebSocket: tests open it, push server frames and drop it. */
export class FakeSocket implements SocketLike {
  static instances: FakeSocket[] = [];

  static latest(): FakeSocket {
    const socket = FakeSocket.instances.at(-1);
    if (!socket) throw new Error('no socket was created');
    return socket;
  }

  static reset(): void {
    FakeSocket.instances = [];
  }

  readyState = 0;
  sent: Record<string, unknown>[] = [];
  closedWith: number | undefined | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  onerror: (() => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }

  /** Like the gateway, the socket answers pings, until `goSilent()`: a connection lost without a close. */
  answersPings = true;
  /** How late the server's answers arrive (a slow link). */
  latencyMs = 20;

  send(data: string): void {
    if (this.readyState !== 1) throw new Error('send on a socket that is not open');
    const frame = JSON.parse(data) as Record<string, unknown>;
    this.sent.push(frame);
    if (frame.type === 'ping' && this.answersPings) {
      setTimeout(() => this.answersPings && this.receive({ type: 'pong', t: frame.t }), this.latencyMs);
    }
  }

  goSilent(): void {
    this.answersPings = false;
  }

  close(code?: number): void {
    this.closedWith = code;
    this.readyState = 3;
  }

  open(): void {
    this.readyState = 1;
    this.onopen?.();
  }

  receive(frame: object): void {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }

  drop(code = 1006, reason = ''): void {
    this.readyState = 3;
    this.onclose?.({ code, reason });
  }

  sentOfType(type: string): Record<string, unknown>[] {
    return this.sent.filter((frame) => frame.type === type);
  }
}

export const ROOM_ID = '8a6f2a0e-7a43-4d2c-9f57-1c1f1b0f9b11';

export function joinedFrame(overrides: Record<string, unknown> = {}) {
  return {
    type: 'joined',
    roomId: ROOM_ID,
    role: 'host',
    room: { name: 'Keynote', status: 'active', sourceLanguage: 'es' },
    seq: 0,
    clientId: 'host-1',
    ...overrides,
  };
}
