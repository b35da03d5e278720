import { createContext } from 'react';
import { en } from './en';
import { es, type Catalog } from './es';

export const CATALOGS = { es, en } as const satisfies Record<string, Catalog>;
export type Locale = keyof typeof CATALOGS;
/** The interface language when the browser prefers neither English nor Spanish. */
export const FALLBACK_LOCALE: Locale = 'en';
export const LOCALES = Object.keys(CATALOGS) as Locale[];

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && Object.hasOwn(CATALOGS, value);
}

export interface I18nValue {
  locale: Locale;
  setLocale: (locale: Locale) => void;
}

export const I18nContext = createContext<I18nValue>({ locale: FALLBACK_LOCALE, setLocale: () => undefined });
