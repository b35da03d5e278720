import { readStorage, writeStorage } from '../../lib/storage';

/** How a browser likes its captions, kept in it: text size, colours and how many lines stay on screen. */
export const TEXT_SIZES = ['normal', 'large', 'larger', 'largest'] as const;
export type TextSize = (typeof TEXT_SIZES)[number];

/** `system` follows the device's light or dark mode; on the overlay it keeps the colours its address gives. */
export const THEMES = ['system', 'light', 'dark', 'contrast'] as const;
export type Theme = (typeof THEMES)[number];

/** 0: every line (the viewer page) or as many as the address says (the overlay). */
export const LINE_LIMITS = [0, 1, 2, 3, 5] as const;
export type LineLimit = (typeof LINE_LIMITS)[number];

export interface ReadingSettings {
  size: TextSize;
  theme: Theme;
  lines: LineLimit;
}

/** The viewer page and the overlay are set apart: a projector's browser is not a phone's. */
export type ReadingSurface = 'viewer' | 'overlay';

export const DEFAULT_READING: ReadingSettings = { size: 'normal', theme: 'system', lines: 0 };

const KEYS: Record<ReadingSurface, string> = { viewer: 'lt.reading.viewer', overlay: 'lt.reading.overlay' };
/** Where the viewer page kept its caption size before it had more settings. */
export const LEGACY_SIZE_KEY = 'lt.viewer.captionSize';

const oneOf = <T>(options: readonly T[], value: unknown, fallback: T): T => (options.includes(value as T) ? (value as T) : fallback);

/** Settings from what was stored; whatever is missing or unreadable is the default, the rest is kept. */
export function parseReadingSettings(raw: string | null, legacySize: string | null = null): ReadingSettings {
  let stored: Record<string, unknown> = {};
  try {
    const value: unknown = raw ? JSON.parse(raw) : null;
    if (value && typeof value === 'object' && !Array.isArray(value)) stored = value as Record<string, unknown>;
  } catch {
    /* a damaged value reads as the defaults */
  }
  return {
    size: oneOf(TEXT_SIZES, stored.size ?? legacySize, DEFAULT_READING.size),
    theme: oneOf(THEMES, stored.theme, DEFAULT_READING.theme),
    lines: oneOf(LINE_LIMITS, stored.lines, DEFAULT_READING.lines),
  };
}

export function loadReadingSettings(surface: ReadingSurface): ReadingSettings {
  const legacy = surface === 'viewer' ? readStorage(LEGACY_SIZE_KEY) : null;
  return parseReadingSettings(readStorage(KEYS[surface]), legacy);
}

export function saveReadingSettings(surface: ReadingSurface, settings: ReadingSettings): void {
  writeStorage(KEYS[surface], JSON.stringify(settings));
}

/** How much larger than its base size each step is. */
export const SIZE_SCALE: Record<TextSize, number> = { normal: 1, large: 1.25, larger: 1.55, largest: 2 };

/** The last `lines` of a list, or all of it for 0. */
export function lastLines<T>(items: readonly T[], lines: LineLimit): readonly T[] {
  return lines === 0 ? items : items.slice(-lines);
}
