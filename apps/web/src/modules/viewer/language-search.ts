import { findLanguage, isHostLanguageCode, LANGUAGES, type HostLanguageCode, type Language, type LanguageCode } from '@lt/contracts';
import { languageNameIn } from '../../lib/language-names';

/** Suggestions from the browser's preferred languages, at most this many. */
export const MAX_SUGGESTIONS = 3;

/** Lower case without accents or marks, so that `espanol` finds Español and `cestina` finds Čeština. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en').trim();
}

type SearchKeys = Map<LanguageCode, { code: string; names: string[] }>;
const searchKeys = new Map<string, SearchKeys>();

/** Per interface language: each language's code and names, native, English and in the reader's language. */
function keysFor(locale: string): SearchKeys {
  let keys = searchKeys.get(locale);
  if (!keys) {
    const names = (l: Language) => [fold(l.name), fold(l.englishName), fold(languageNameIn(l, locale))];
    keys = new Map(LANGUAGES.map((l) => [l.code, { code: fold(l.code), names: names(l) }]));
    searchKeys.set(locale, keys);
  }
  return keys;
}

/** How well a language answers the query, lower is better; null when it does not. */
function rank(language: Language, query: string, locale: string): number | null {
  const keys = keysFor(locale).get(language.code);
  if (!keys) return null;
  if (keys.code === query) return 0;
  if (keys.names.some((n) => n.startsWith(query))) return 1;
  if (keys.code.startsWith(query)) return 2;
  if (keys.names.some((n) => n.split(/[\s()·-]+/).some((word) => word.startsWith(query)))) return 3;
  if (keys.names.some((n) => n.includes(query))) return 4;
  return null;
}

/**
 * The languages matching a query by native name, English name, name in the interface's language (`inglés`,
 * `alemán`) or code, best matches first; all of them for an empty query.
 */
export function searchLanguages(query: string, locale = 'en'): Language[] {
  const folded = fold(query);
  if (!folded) return [...LANGUAGES];
  return LANGUAGES.map((language, index) => ({ language, index, score: rank(language, folded, locale) }))
    .filter((hit): hit is { language: Language; index: number; score: number } => hit.score !== null)
    .sort((a, b) => a.score - b.score || a.index - b.index)
    .map((hit) => hit.language);
}

/** Tags browsers still send for a language the product names otherwise. */
const MACRO_LANGUAGES: Record<string, string> = { no: 'nb', tl: 'fil' };

function canonical(tag: string): Intl.Locale | null {
  try {
    return new Intl.Locale(tag);
  } catch {
    return null;
  }
}

/**
 * The product's language for one of the browser's preferred tags: the exact code, else the locale the browser
 * would speak it in (`pt-BR` is `pt`), else the script (`zh-TW` is written `zh-Hant`), else the bare language
 * (`en-GB` reads `en`).
 */
export function languageForTag(tag: string): LanguageCode | null {
  const locale = canonical(tag);
  if (!locale) return null;
  const lower = locale.toString().toLowerCase();
  const sameLanguage = (l: Language) => l.code.split('-')[0] === locale.language;
  const exact = LANGUAGES.find((l) => l.code.toLowerCase() === lower || (sameLanguage(l) && l.speechCode.toLowerCase() === lower));
  if (exact) return exact.code;
  const full = locale.maximize();
  const candidates = [`${full.language}-${full.script}`, full.language, MACRO_LANGUAGES[full.language] ?? ''];
  for (const candidate of candidates) {
    const found = LANGUAGES.find((l) => l.code.toLowerCase() === candidate.toLowerCase());
    if (found) return found.code;
  }
  return null;
}

/** The browser's preferred languages (`navigator.languages`) that the product offers, in the browser's order. */
export function suggestedLanguages(preferred: readonly string[]): Language[] {
  const codes = new Set<LanguageCode>();
  for (const tag of preferred) {
    const code = languageForTag(tag);
    if (code) codes.add(code);
    if (codes.size >= MAX_SUGGESTIONS) break;
  }
  return [...codes].map((code) => findLanguage(code)).filter((l): l is Language => l !== undefined);
}

/** The first of the browser's preferred languages that a host may speak: where a new host's input language starts. */
export function suggestedHostLanguage(preferred: readonly string[]): HostLanguageCode | null {
  for (const tag of preferred) {
    const code = languageForTag(tag);
    if (isHostLanguageCode(code)) return code;
  }
  return null;
}

/** The picker's list: suggestions first (when nothing is typed), then every language once. */
export function pickerOptions(query: string, preferred: readonly string[], locale = 'en'): { suggested: Language[]; rest: Language[] } {
  const matches = searchLanguages(query, locale);
  if (fold(query)) return { suggested: [], rest: matches };
  const suggested = suggestedLanguages(preferred);
  const taken = new Set(suggested.map((l) => l.code));
  return { suggested, rest: matches.filter((l) => !taken.has(l.code)) };
}
