export interface Level {
  rms: number;
  peak: number;
}

/**
 * The input level, ten times a second: kept out of React state so only the meter re-renders, not the page.
 */
export class LevelStore {
  private level: Level = { rms: 0, peak: 0 };
  private readonly listeners = new Set<() => void>();

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly get = (): Level => this.level;

  set(level: Level): void {
    this.level = level;
    this.listeners.forEach((listener) => listener());
  }
}

/** A level as the meter shows it: dBFS from -60 (silence) to 0, as a 0..100 position. */
export function levelPercent(rms: number): number {
  if (rms <= 0) return 0;
  const db = 20 * Math.log10(rms);
  return Math.round(Math.max(0, Math.min(100, ((db + 60) / 60) * 100)));
}

export function levelDb(rms: number): number {
  return rms > 0 ? Math.max(-60, Math.round(20 * Math.log10(rms))) : -60;
}
