/** Seconds of audio are reported in slices of at least this many (and the rest when the stream ends). */
const METER_SLICE_S = 10;

/** Counts the audio a stream sends its provider, and reports it in whole seconds, a slice at a time. */
export class AudioMeter {
  private meteredMs = 0;

  constructor(private readonly report: (seconds: number) => void) {}

  add(ms: number): void {
    this.meteredMs += ms;
    if (this.meteredMs < METER_SLICE_S * 1000) return;
    const seconds = Math.floor(this.meteredMs / 1000);
    this.meteredMs -= seconds * 1000;
    this.report(seconds);
  }

  /** The rest, rounded up, when the stream ends. */
  flush(): void {
    const seconds = Math.ceil(this.meteredMs / 1000);
    this.meteredMs = 0;
    if (seconds > 0) this.report(seconds);
  }
}
