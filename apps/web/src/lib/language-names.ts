import type { Language } from '@lt/contracts';

const namers = new Map<string, Intl.DisplayNames | null>();

function namer(locale: string): Intl.DisplayNames | null {
  if (!namers.has(locale)) {
    let made: Intl.DisplayNames | null = null;
    try {
      made = new Intl.DisplayNames([locale], { type: 'language', fallback: 'none' });
    } catch {
      /* a browser without it: the English names stay */
    }
    namers.set(locale, made);
  }
  return namers.get(locale) ?? null;
}

/**
 * A language's name in the interface's language, as it reads inside a sentence ("Traducción al inglés"):
 * the browser's own names (`Intl.DisplayNames`); the product's English name in English, or when the browser
 * has none.
 */
export function languageNameIn(language: Pick<Language, 'code' | 'englishName'>, locale: string): string {
  if (locale === 'en') return language.englishName;
  return namer(locale)?.of(language.code) ?? language.englishName;
}

/** The same name standing alone, in a list or a label: its first letter in capitals ("Inglés"). */
export function languageTitleIn(language: Pick<Language, 'code' | 'englishName'>, locale: string): string {
  const name = languageNameIn(language, locale);
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

/** "Español · Inglés": the language's own name, then the reader's, once when they are the same. */
export function languageOptionLabel(language: Pick<Language, 'code' | 'name' | 'englishName'>, locale: string): string {
  const local = languageTitleIn(language, locale);
  return language.name.toLocaleLowerCase() === local.toLocaleLowerCase() ? language.name : `${language.name} · ${local}`;
}
