/**
 * How far behind the speaker a viewer reads: for each new translation, when it arrived here against when its
 * sentence was recognised (its `timestamp`, on the server's clock), through the offset between this clock and
 * the server's. The figure shown is the median of the last few, so one slow sentence does not make it jump.
 */

/** Translations the figure is taken from. */
export const DELAY_SAMPLES = 5;

export interface Arrival {
  /** When the sentence was recognised, ms since the epoch on the server's clock. */
  spokenAt: number;
  /** When its translation arrived, as this browser's Date.now(). */
  arrivedAt: number;
}

/** The last arrivals with this one; an unreadable timestamp leaves them as they were. */
export function addArrival(arrivals: readonly Arrival[], timestamp: string, arrivedAt: number): readonly Arrival[] {
  const spokenAt = Date.parse(timestamp);
  if (!Number.isFinite(spokenAt)) return arrivals;
  return [...arrivals, { spokenAt, arrivedAt }].slice(-DELAY_SAMPLES);
}

/** The delay of one arrival in ms: never below 0 (clocks are never exact). */
export function arrivalDelay(arrival: Arrival, offset: number): number {
  return Math.max(0, arrival.arrivedAt + offset - arrival.spokenAt);
}

/** The median delay of the arrivals in ms; null while the offset or any arrival is unknown. */
export function captionDelay(arrivals: readonly Arrival[], offset: number | null): number | null {
  if (offset === null || arrivals.length === 0) return null;
  const delays = arrivals.map((arrival) => arrivalDelay(arrival, offset)).sort((a, b) => a - b);
  const middle = Math.floor(delays.length / 2);
  return delays.length % 2 ? delays[middle] : (delays[middle - 1] + delays[middle]) / 2;
}

export type DelayTone = 'success' | 'warning' | 'danger';

/** Up to 3 s reads as live; past 8 s the captions are clearly late. */
export function delayTone(ms: number): DelayTone {
  if (ms <= 3_000) return 'success';
  return ms <= 8_000 ? 'warning' : 'danger';
}

/** Seconds as shown: tenths under 10 s, whole seconds above. */
export function delaySeconds(ms: number): { value: number; fractionDigits: 0 | 1 } {
  const seconds = ms / 1000;
  return seconds < 10 ? { value: Math.round(seconds * 10) / 10, fractionDigits: 1 } : { value: Math.round(seconds), fractionDigits: 0 };
}
