import type { GlossaryEntry } from '@lt/contracts';

/** A term longer than this is no keyword a recogniser is helped by (and eats a provider's token budget). */
const TERM_MAX = 50;

/**
 * The glossary terms a recogniser gets, in the glossary's order, each once, within the provider's limit:
 * what is sent, and how many were left out.
 */
export function vocabularyOf(entries: GlossaryEntry[], limit: number): { sent: string[]; omitted: number } {
  const seen = new Set<string>();
  const terms: string[] = [];
  for (const entry of entries) {
    const term = entry.term.trim();
    const key = term.toLowerCase();
    if (!term || term.length > TERM_MAX || seen.has(key)) continue;
    seen.add(key);
    terms.push(term);
  }
  return { sent: terms.slice(0, limit), omitted: Math.max(0, terms.length - limit) };
}
