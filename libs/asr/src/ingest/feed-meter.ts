import type { FeedStatus } from '@lt/contracts';

export type { FeedStatus };

export interface FeedMeterOptions {
  /** Below this (dBFS) a chunk counts as silence. */
  silenceDb: number;
  /** Silence this long (ms) turns `receiving` into `silent`. */
  silentAfterMs: number;
}

const FLOOR_DB = -90;

/** Loudness of 16-bit PCM as RMS in dBFS, floored at −90. */
export function levelDb(pcm: Buffer): number {
  const samples = Math.floor(pcm.length / 2);
  if (!samples) return FLOOR_DB;
  let sum = 0;
  for (let i = 0; i < samples; i++) {
    const s = pcm.readInt16LE(i * 2) / 32768;
    sum += s * s;
  }
  const db = 10 * Math.log10(sum / samples);
  return Math.max(FLOOR_DB, Math.round(db * 10) / 10);
}

/**
 * The feed's state from the audio itself, in stream time (so a loaded machine that reads the pipe late does not
 * make the speaker "silent"): the loudness of the last second, and how long every chunk stayed under the threshold.
 */
export class FeedMeter {
  private recent: { atMs: number; db: number }[] = [];
  private lastSoundMs: number | null = null;
  private lastAtMs = 0;

  constructor(private readonly options: FeedMeterOptions) {}

  add(atMs: number, pcm: Buffer): void {
    const db = levelDb(pcm);
    this.lastAtMs = atMs;
    this.recent.push({ atMs, db });
    while (this.recent.length && this.recent[0].atMs < atMs - 1000) this.recent.shift();
    if (db >= this.options.silenceDb) this.lastSoundMs = atMs;
    else if (this.lastSoundMs === null) this.lastSoundMs = atMs;
  }

  status(): FeedStatus {
    const level = this.recent.length ? Math.max(...this.recent.map((r) => r.db)) : null;
    const quietMs = this.lastSoundMs === null ? 0 : this.lastAtMs - this.lastSoundMs;
    if (quietMs >= this.options.silentAfterMs) {
      return { state: 'silent', level, silentForS: Math.floor(quietMs / 1000) };
    }
    return { state: 'receiving', level, silentForS: null };
  }
}
