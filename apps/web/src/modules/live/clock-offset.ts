/**
 * How far this browser's clock is from the server's, measured over the socket: a ping carries the browser's
 * time, its pong the server's. The quickest round trip of the last few is the most exact one: its two halves
 * are the closest to equal.
 */

/** Samples kept; the offset is the one of the quickest round trip among them. */
export const CLOCK_SAMPLES = 8;
/** A pong slower than this says little about the clocks: it is not used. */
export const MAX_ROUND_TRIP_MS = 10_000;

export interface ClockSample {
  /** Milliseconds to add to this clock to read the server's. */
  offset: number;
  roundTrip: number;
}

/** One ping and its pong; null when the times do not make a usable sample. */
export function clockSample(sentAt: number, serverTime: number, receivedAt: number): ClockSample | null {
  const roundTrip = receivedAt - sentAt;
  if (![sentAt, serverTime, receivedAt].every(Number.isFinite)) return null;
  if (roundTrip < 0 || roundTrip > MAX_ROUND_TRIP_MS) return null;
  return { offset: serverTime - (sentAt + receivedAt) / 2, roundTrip };
}

export class ClockOffset {
  private samples: ClockSample[] = [];
  private stale = false;

  add(sample: ClockSample | null): void {
    if (!sample) return;
    this.samples = this.stale ? [sample] : [...this.samples, sample].slice(-CLOCK_SAMPLES);
    this.stale = false;
  }

  /** Milliseconds to add to Date.now() to read the server's clock; null before a first pong. */
  get offset(): number | null {
    let best: ClockSample | null = null;
    for (const sample of this.samples) if (!best || sample.roundTrip < best.roundTrip) best = sample;
    return best ? Math.round(best.offset) : null;
  }

  /**
   * A new connection may reach another server: its first sample replaces the ones before, which give the
   * offset until then.
   */
  renew(): void {
    this.stale = this.samples.length > 0;
  }
}

/** A host's clock this far or further from the server's has its transcripts' times moved onto the server's. */
export const CLOCK_CORRECTION_MIN_MS = 200;

/** An ISO time of this clock on the server's clock, when the two differ enough to matter. */
export function onServerClock(timestamp: string, offset: number | null): string {
  if (offset === null || Math.abs(offset) < CLOCK_CORRECTION_MIN_MS) return timestamp;
  const time = Date.parse(timestamp);
  return Number.isFinite(time) ? new Date(time + offset).toISOString() : timestamp;
}
