import type { WebSocket } from 'ws';
import { CLOSE_CODES, LiveErrorCode, type LanguageCode, type Role, type ServerFrame } from '@lt/contracts';

/** A slow reader with this much unsent data is dropped; it reconnects with `since` and loses nothing. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

const byWs = new WeakMap<WebSocket, LiveSocket>();

/** One browser connection and what it joined as. */
export class LiveSocket {
  /** The LiveSocket of a connection, made on first use. */
  static of(ws: WebSocket): LiveSocket {
    let socket = byWs.get(ws);
    if (!socket) byWs.set(ws, (socket = new LiveSocket(ws)));
    return socket;
  }

  roomId: string | null = null;
  role: Role | null = null;
  lang: LanguageCode | null = null;
  clientId = '';
  speakerName = '';
  /** The signed-in user's session, when the join carried a valid access token. */
  sessionId: string | null = null;
  userId: string | null = null;
  /** While history is being sent, live translations wait here so that order holds. */
  private held: { seq: number; text: string }[] | null = null;

  private constructor(private readonly ws: WebSocket) {}

  send(frame: ServerFrame): void {
    this.sendRaw(JSON.stringify(frame));
  }

  /** Sends an already serialised frame: one serialisation per (message, language) for all viewers. */
  sendRaw(text: string): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.ws.close(CLOSE_CODES.tooSlow, 'Too slow: reconnect with since to catch up');
      return;
    }
    this.ws.send(text);
  }

  sendTranslation(seq: number, text: string): void {
    if (this.held) this.held.push({ seq, text });
    else this.sendRaw(text);
  }

  error(code: LiveErrorCode, message: string, messageId?: string): void {
    this.send({ type: 'error', code, message, ...(messageId ? { messageId } : {}) });
  }

  /** Holds live translations until `release`, which sends those newer than what the history covered. */
  hold(): void {
    this.held = [];
  }

  release(coveredUpToSeq: number): void {
    const held = this.held ?? [];
    this.held = null;
    for (const frame of held) if (frame.seq > coveredUpToSeq) this.sendRaw(frame.text);
  }

  close(code: number, reason: string): void {
    this.ws.close(code, reason);
  }
}
