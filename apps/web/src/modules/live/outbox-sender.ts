import { FINAL_TRANSCRIPT_ERRORS, type TranscriptFrame } from '@lt/contracts';
import type { Outbox } from './outbox';
import type { SendBudget } from './send-budget';

/** After a transcript is refused for a passing reason (a service restarting), the outbox is sent again this much later, */
export const RESEND_DELAY_MS = 1_000;
/** doubling while refusals go on, up to this. */
export const MAX_RESEND_DELAY_MS = 3_000;
/** Finals sent and not answered yet, at most: the rest of the outbox waits for acks. */
export const SEND_WINDOW = 20;
/** A final unanswered this long is sent again (with those after it). */
export const ACK_TIMEOUT_MS = 12_000;

/** The connection the outbox leaves by. */
export interface SenderLink {
  /** Whether the connection has joined its room. */
  joined(): boolean;
  /** Sends a frame on the joined connection; false when there is none, or when it would exceed the rate. */
  send(frame: TranscriptFrame): boolean;
}

/**
 * Sends a host's or speaker's finals from its outbox: in spoken order, paced below the server's rate and at most
 * SEND_WINDOW unanswered; one refused for a passing reason, or unanswered too long, is sent again with everything
 * after it until it is acked. A final leaves the outbox when it is stored or refused for good.
 */
export class OutboxSender {
  /** Finals sent on this connection and not answered yet, with when they were sent. */
  private readonly inflight = new Map<string, number>();
  private refusals = 0;
  private resendTimer: ReturnType<typeof setTimeout> | undefined;
  private pumpTimer: ReturnType<typeof setTimeout> | undefined;
  private ackTimer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly outbox: Outbox,
    private readonly budget: SendBudget,
    private readonly link: SenderLink,
  ) {}

  /** Keeps a final until it is acked and sends what it can; true when this one went at once. */
  add(frame: TranscriptFrame): boolean {
    this.outbox.add(frame);
    this.pump();
    return this.inflight.has(frame.messageId);
  }

  /** A (re)joined connection: every final not acked goes again, oldest first, and answers are awaited. */
  start(): void {
    this.inflight.clear();
    this.pump();
    clearInterval(this.ackTimer);
    this.ackTimer = setInterval(() => this.checkAcks(), 1_000);
  }

  /** The connection is gone: nothing is in flight on it any more. */
  stop(): void {
    clearInterval(this.ackTimer);
    clearTimeout(this.resendTimer);
    clearTimeout(this.pumpTimer);
    this.inflight.clear();
    this.resendTimer = undefined;
    this.pumpTimer = undefined;
    this.ackTimer = undefined;
  }

  acked(messageId: string): void {
    this.refusals = 0;
    this.answered(messageId);
  }

  /** A refused final: dropped when another attempt cannot store it, else sent again shortly. */
  refused(messageId: string, code: string): void {
    if (FINAL_TRANSCRIPT_ERRORS.has(code)) this.answered(messageId);
    else this.scheduleResend();
  }

  /** Sends the outbox's oldest unsent finals, as far as the window and the rate allow. */
  private pump(): void {
    if (!this.link.joined() || this.resendTimer || this.pumpTimer) return;
    for (const pending of this.outbox.list()) {
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
      if (!this.link.send(pending)) return;
      this.inflight.set(pending.messageId, Date.now());
    }
  }

  /** The server has answered a final: it leaves the window, and the outbox when stored or refused for good. */
  private answered(messageId: string): void {
    this.inflight.delete(messageId);
    this.outbox.remove(messageId);
    this.pump();
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
}
