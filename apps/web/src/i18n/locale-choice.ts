import { FALLBACK_LOCALE, isLocale, type Locale } from './i18n-context';

/** The storage key of the interface language chosen in this browser. */
export const LOCALE_STORAGE_KEY = 'lt.locale';

/** Both interface languages are written left to right; a right-to-left catalog would say so here. */
export const LOCALE_DIRECTION: Record<Locale, 'ltr' | 'rtl'> = { en: 'ltr', es: 'ltr' };

/**
 * The interface language of the browser's preferred languages (`navigator.languages`, most preferred first):
 * the first whose primary subtag has a catalog (`es-MX` → es, `en-GB` → en); English when none has.
 */
export function browserLocale(languages: readonly string[] | undefined): Locale {
  for (const tag of languages ?? []) {
    const primary = tag.trim().split(/[-_]/)[0].toLowerCase();
    if (isLocale(primary)) return primary;
  }
  return FALLBACK_LOCALE;
}

/** A first visit follows the browser; a choice made in this browser (stored) wins over it. */
export function initialLocale(stored: string | null | undefined, languages: readonly string[] | undefined): Locale {
  return isLocale(stored) ? stored : browserLocale(languages);
}

/** The browser's preferred languages, most preferred first. */
export function navigatorLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language].filter(Boolean);
}
