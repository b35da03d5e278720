/**
 * Terms a translation must leave as they are (brand names, the glossary's "keep as is"), hidden from a
 * text-translation service behind placeholders it does not translate, and put back after. The placeholder
 * is digits between underscores: providers keep it, though some add spaces inside it.
 */
export function protectTerms(text: string, terms: string[]): { text: string; restore(translated: string): string } {
  const found: string[] = [];
  let out = text;
  // Longest first: "Acme Cloud" is hidden whole before "Acme" is looked for.
  for (const term of [...new Set(terms)].filter(Boolean).sort((a, b) => b.length - a.length)) {
    out = out.replace(termPattern(term), (match) => {
      found.push(match);
      return `__${found.length - 1}__`;
    });
  }
  return {
    text: out,
    restore: (translated) =>
      found.length === 0 ? translated : translated.replace(/__\s*(\d+)\s*__/g, (whole, i: string) => found[Number(i)] ?? whole),
  };
}

/** A term in a text: case-insensitive, on word boundaries where the script has them (not in CJK, Thai…). */
export function termPattern(term: string): RegExp {
  const escaped = term
    .trim()
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/\s+/g, '\\s+');
  const spaced =
    /[\p{L}\p{N}]/u.test(term) &&
    !/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u.test(term);
  return spaced ? new RegExp(`(?<![\\p{L}\\p{N}_])${escaped}(?![\\p{L}\\p{N}_])`, 'giu') : new RegExp(escaped, 'giu');
}
