import type { AudioStream } from '@lt/contracts';
import type { StopReason, StreamContext } from './stream-context';

export type { StopReason };

/** What the page reads when recognition stops for the room's quota. */
export const QUOTA_SPENT_MESSAGE = "The room's quota is spent: speech is no longer recognised on the server";

/** How often a stream asks whether its room may still spend (the meter keeps an answer for 2 s). */
const QUOTA_EVERY_MS = 2_000;
/** The sender hears what is taken at least this often. */
const ACK_EVERY_MS = 250;
const STORE_ATTEMPTS = 6;
const STORE_RETRY_MAX_MS = 5_000;
/** Seconds of audio are reported in slices of at least this many (and the rest when the stream ends). */
const METER_SLICE_S = 10;

/**
 * What a held stream does beside recognising: the seconds of audio sent to the provider metered in slices,
 * the sender's acks, and what stops it by itself: the room's quota spent, or no audio for a while.
 */
export class StreamUpkeep {
  private meteredMs = 0;
  private watchTimer?: NodeJS.Timeout;
  private ackTimer?: NodeJS.Timeout;
  private done = false;
  private lastAudioAt = Date.now();
  private lastQuotaAt = 0;

  constructor(
    private readonly stream: AudioStream,
    private readonly ctx: StreamContext,
    /** The stream stops by itself: told once, before it is stopped. */
    private readonly onStop: (reason: StopReason) => void,
  ) {}

  /** `ack`: tells the sender what is taken, now and then. */
  start(ack?: () => void): void {
    const every = Math.min(QUOTA_EVERY_MS, Math.max(100, Math.floor(this.ctx.settings.idleMs / 4)));
    this.watchTimer = setInterval(() => void this.watch(), every);
    this.watchTimer.unref();
    if (ack) {
      this.ackTimer = setInterval(ack, ACK_EVERY_MS);
      this.ackTimer.unref();
    }
  }

  /** Audio arrived from the sender. */
  heard(): void {
    this.lastAudioAt = Date.now();
  }

  /** Audio sent to the provider. */
  sent(ms: number): void {
    this.meteredMs += ms;
    if (this.meteredMs < METER_SLICE_S * 1000) return;
    const seconds = Math.floor(this.meteredMs / 1000);
    this.meteredMs -= seconds * 1000;
    this.ctx.meter(this.stream.roomId, seconds);
  }

  /** Nothing more is watched. */
  end(): void {
    this.done = true;
    clearInterval(this.watchTimer);
    clearInterval(this.ackTimer);
  }

  /** The stream ended: what is left of the audio sent is metered, rounded up. */
  meterRest(): void {
    const seconds = Math.ceil(this.meteredMs / 1000);
    this.meteredMs = 0;
    if (seconds > 0) this.ctx.meter(this.stream.roomId, seconds);
  }

  private async watch(): Promise<void> {
    if (this.done) return;
    if (Date.now() - this.lastAudioAt >= this.ctx.settings.idleMs) return this.stop('idle');
    if (Date.now() - this.lastQuotaAt < QUOTA_EVERY_MS) return;
    this.lastQuotaAt = Date.now();
    const allowed = await this.ctx.allowed(this.stream.roomId).catch(() => true);
    if (!allowed) this.stop('quota');
  }

  private stop(reason: StopReason): void {
    if (this.done) return;
    this.end();
    this.onStop(reason);
    this.ctx.finish(this.stream.streamId, reason);
  }
}

/**
 * Stores a sentence, trying again until it is stored: 'stored'; 'dropped' when another replica holds the stream
 * now (it replays the sentence's audio); an error only when this process shuts down and STORE_ATTEMPTS failed
 * (the sentence is then kept in asr.pending_sentences, not lost), or when `givesUp` says the error is final.
 * A stream, live or stopping, never gives a sentence up: a page that stopped sends its audio nowhere else, so
 * the sentence would be lost; until it is stored, no progress past it is saved.
 */
export async function storeWithRetries(
  ctx: Pick<StreamContext, 'settings' | 'closing'>,
  store: () => Promise<void>,
  state: { dropped(): boolean; givesUp?(error: unknown): boolean },
): Promise<'stored' | 'dropped' | Error> {
  for (let attempt = 1; ; attempt++) {
    if (state.dropped()) return 'dropped';
    try {
      await store();
      return 'stored';
    } catch (error) {
      if ((attempt >= STORE_ATTEMPTS && ctx.closing()) || state.givesUp?.(error)) return error as Error;
      await sleep(Math.min((ctx.settings.storeRetryMs ?? 250) * 2 ** attempt, STORE_RETRY_MAX_MS));
    }
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
