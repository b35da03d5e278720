import { LIMITS } from '@lt/contracts';

/** The client keeps below the server's frame rate, so that a backlog is paced and never refused for its rate. */
export const SEND_RATE_PER_SECOND = Math.floor(LIMITS.framesPerSecond * 0.75);
export const SEND_BURST = Math.floor(LIMITS.frameBurst * 0.75);

/** A token bucket like the server's, a little slower: every frame a connection sends takes one token. */
export class SendBudget {
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
