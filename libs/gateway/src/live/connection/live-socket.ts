import type { WebSocket } from 'ws';
import { CLOSE_CODES, LiveErrorCode, type LanguageCode, type Role, type ServerFrame } from '@lt/contracts';
import { productMetrics } from '@lt/platform';

/** A slow reader with this much unsent data is dropped; it reconnects with `since` and loses nothing. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/** How long refused sentences hold back the ones after them, at most (a sender that never resends). */
const TRANSCRIPT_BLOCK_MS = 30_000;

const byWs = new WeakMap<WebSocket, LiveSocket>();

/**
 * A frame as written: its JSON text, or that text already encoded (UTF-8) once for all the sockets of a
 * fan-out, so that each write only frames it.
 */
export type FramePayload = string | Buffer;

/** Send options of every write: a text frame, also when the payload is already encoded. */
const TEXT = { binary: false } as const;

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
  /** A viewer's browser id from its join, counted once among the room's unique viewers ('' when it sent none). */
  viewerId = '';
  /** Who the socket's transcripts are from: an invited speaker's room_speakers id, else the clientId. */
  speakerId = '';
  speakerName = '';
  /** The signed-in user's session, when the join carried a valid access token. */
  sessionId: string | null = null;
  userId: string | null = null;
  /** Whether a join frame came (sockets that send none are closed after a while). */
  joinSeen = false;
  /** Server pings this socket has not answered. */
  missedPongs = 0;
  /** The client's address, as counted against the per-address cap. */
  address = '';
  /** Set while a refused transcript waits to be sent again: later ones wait for it, so seq order is spoken order. */
  private transcriptBlock: { messageId: string; until: number } | null = null;
  /** The highest translation seq sent in the current language: nothing at or below it is sent again. */
  private cursor = 0;
  /** While history is being sent, live translations wait here so that order holds. */
  private holds = 0;
  private held: { seq: number; text: FramePayload }[] = [];

  private constructor(private readonly ws: WebSocket) {}

  send(frame: ServerFrame): void {
    if (this.sendRaw(JSON.stringify(frame))) productMetrics().framesOut.add(1, { type: frame.type });
  }

  /**
   * Sends an already serialised frame: one serialisation per (message, language) for all viewers. False when
   * nothing was written; whoever writes to many sockets counts the frames once for all of them.
   */
  sendRaw(text: FramePayload): boolean {
    if (this.ws.readyState !== this.ws.OPEN) return false;
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.ws.close(CLOSE_CODES.tooSlow, 'Too slow: reconnect with since to catch up');
      return false;
    }
    this.ws.send(text, TEXT);
    return true;
  }

  /** A live translation: held while history is being sent, else sent if it is newer than what this socket has. */
  sendTranslation(seq: number, text: FramePayload): boolean {
    if (this.holds === 0) return this.sendInOrder(seq, text);
    this.held.push({ seq, text });
    return false;
  }

  /**
   * A provisional frame (a partial of message `seq`, or with seq 0 an interim line translated): not once the
   * socket has that message's final translation. It goes also while history is being sent: it is no part of the
   * seq order history keeps, and a viewer who joins as the host speaks sees the sentence being written.
   */
  sendProvisional(seq: number, text: FramePayload): boolean {
    if (seq > 0 && seq <= this.cursor) return false;
    return this.sendRaw(text);
  }

  /** Sends a translation only if its seq is above every one sent before: nothing twice, nothing out of order. */
  sendInOrder(seq: number, text: FramePayload): boolean {
    if (seq <= this.cursor) return false;
    this.cursor = seq;
    return this.sendRaw(text);
  }

  /** The highest seq this socket has been sent in its language. */
  get sentUpTo(): number {
    return this.cursor;
  }

  error(code: LiveErrorCode, message: string, messageId?: string): void {
    this.send({ type: 'error', code, message, ...(messageId ? { messageId } : {}) });
  }

  /** Holds live translations until the matching `release`; holds nest (a resync during a join's history). */
  hold(): void {
    this.holds += 1;
  }

  /** Ends one hold; the last one sends what waited, in seq order, skipping what history already sent. */
  release(): void {
    this.holds = Math.max(0, this.holds - 1);
    if (this.holds > 0) return;
    const held = this.held.sort((a, b) => a.seq - b.seq);
    this.held = [];
    for (const frame of held) this.sendInOrder(frame.seq, frame.text);
  }

  /** A new language is a new sequence: what was sent or held in the old one no longer counts. */
  restartSequence(): void {
    this.cursor = 0;
    this.held = [];
  }

  close(code: number, reason: string): void {
    this.ws.close(code, reason);
  }

  /** A transcript was refused for a passing reason: the ones after it are refused until it comes again. */
  blockTranscriptsAfter(messageId: string): void {
    const now = Date.now();
    // Under an earlier block, that earlier sentence is still the one the others wait for.
    if (this.transcriptBlock && now < this.transcriptBlock.until) return;
    this.transcriptBlock = { messageId, until: now + TRANSCRIPT_BLOCK_MS };
  }

  /** Whether this transcript must wait for an earlier refused one; the refused one itself lifts the block. */
  transcriptBlocked(messageId: string): boolean {
    const block = this.transcriptBlock;
    if (block && block.messageId !== messageId && Date.now() < block.until) return true;
    this.transcriptBlock = null;
    return false;
  }

  /** Pings the peer; a socket that missed two pings is cut off without a closing handshake. */
  ping(): void {
    if (this.missedPongs >= 2) return this.ws.terminate();
    this.missedPongs += 1;
    if (this.ws.readyState === this.ws.OPEN) this.ws.ping();
  }
}
