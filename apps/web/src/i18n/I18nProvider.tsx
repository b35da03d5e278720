import { useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { readStorage, writeStorage } from '../lib/storage';
import { I18nContext, type Locale } from './i18n-context';
import { initialLocale, LOCALE_DIRECTION, LOCALE_STORAGE_KEY, navigatorLanguages } from './locale-choice';

/**
 * The interface language of the whole app: the one chosen in this browser, else the browser's preferred one
 * (English when it prefers neither). `<html lang dir>` always follow it, so screen readers speak what is shown.
 */
export function I18nProvider({ children, initialLocale: given }: { children: ReactNode; initialLocale?: Locale }) {
  const [locale, setLocaleState] = useState<Locale>(() => given ?? initialLocale(readStorage(LOCALE_STORAGE_KEY), navigatorLanguages()));

  useLayoutEffect(() => {
    document.documentElement.lang = locale;
    document.documentElement.dir = LOCALE_DIRECTION[locale];
  }, [locale]);

  const value = useMemo(
    () => ({
      locale,
      setLocale: (next: Locale) => {
        writeStorage(LOCALE_STORAGE_KEY, next);
        setLocaleState(next);
      },
    }),
    [locale],
  );

  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}
