import type { GlossaryEntry } from '@lt/contracts';
import { termPattern } from '../fallback/protected-terms';

/** What a glossary asks of one text: the entries whose term occurs in it. */
export interface AppliedGlossary {
  /** The glossary's version (a cached translation made under another version is not reused). */
  version: number;
  entries: GlossaryEntry[];
}

export const NO_GLOSSARY: AppliedGlossary = { version: 0, entries: [] };

/** The entries whose term occurs in the text: case-insensitive, on word boundaries where the script has them. */
export function entriesIn(entries: readonly GlossaryEntry[], text: string): GlossaryEntry[] {
  return entries.filter((entry) => termPattern(entry.term).test(text));
}

/** The terms a translation must leave as they are. */
export function keptTerms(glossary: AppliedGlossary): string[] {
  return glossary.entries.filter((e) => e.keep).map((e) => e.term);
}

/**
 * The system prompt's part for a glossary, toward one language: terms to keep as they are, a term's
 * translation for that language, and the notes. Empty when no entry applies.
 */
export function glossaryPrompt(glossary: AppliedGlossary, lang: string): string {
  const lines = glossary.entries.flatMap((entry) => {
    const note = entry.note ? ` (${entry.note})` : '';
    const given = (entry.translations as Record<string, string | undefined>)[lang];
    if (entry.keep) return [`- Keep "${entry.term}" exactly as it is, untranslated.${note}`];
    if (given) return [`- Translate "${entry.term}" as "${given}".${note}`];
    return entry.note ? [`- "${entry.term}": ${entry.note}`] : [];
  });
  return lines.length ? `Glossary of this talk, to follow where these terms occur:\n${lines.join('\n')}` : '';
}
