import { isLanguageCode, type LanguageCode } from '@lt/contracts';

export interface CaptionOptions {
  lang: LanguageCode | null;
  lines: number;
  /** Font size in px. */
  size: number;
  /** A CSS colour, or null for a transparent background. */
  background: string | null;
  color: string;
}

export const CAPTION_DEFAULTS = { lines: 2, size: 48, color: '#ffffff' } as const;

function clampInt(raw: string | null, min: number, max: number, fallback: number): number {
  const value = Number.parseInt(raw ?? '', 10);
  return Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : fallback;
}

/** A colour from the address: `transparent`, a name (`black`) or hex with or without its `#` (a `#` must be escaped in a URL). */
export function parseColour(raw: string | null): string | null {
  const value = raw?.trim();
  if (!value || value === 'transparent') return null;
  if (/^[0-9a-f]{3,8}$/i.test(value)) return `#${value}`;
  if (/^#[0-9a-f]{3,8}$/i.test(value) || /^[a-z]{3,20}$/i.test(value)) return value;
  return null;
}

export function captionOptions(params: URLSearchParams): CaptionOptions {
  const lang = params.get('lang');
  return {
    lang: isLanguageCode(lang) ? lang : null,
    lines: clampInt(params.get('lines'), 1, 10, CAPTION_DEFAULTS.lines),
    size: clampInt(params.get('size'), 12, 200, CAPTION_DEFAULTS.size),
    background: parseColour(params.get('bg')),
    color: parseColour(params.get('color')) ?? CAPTION_DEFAULTS.color,
  };
}
