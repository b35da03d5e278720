// How provisional captions grow, word by word; no schema here, so the viewer page uses it without loading zod.

/**
 * Words of a provisional line to show, given what is shown now: the longer of the two, so that a line that
 * grows does not first shrink (what was shown and then removed is what viewers find hard to read).
 */
export function steadierText(shown: string | null | undefined, incoming: string): string {
  if (!shown) return incoming;
  return wordCount(incoming) >= wordCount(shown) ? incoming : shown;
}

export function wordCount(text: string): number {
  const trimmed = text.trim();
  return trimmed ? trimmed.split(/\s+/).length : 0;
}

/** The text without its last `k` words (mask-k): those words may still change. */
export function withoutLastWords(text: string, k: number): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  return words.slice(0, Math.max(0, words.length - k)).join(' ');
}
