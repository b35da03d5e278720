import { createContext } from 'react';
import { en } from './en';
import { es, type Catalog } from './es';

export const CATALOGS = { es, en } as const satisfies Record<string, Catalog>;
export type Locale = keyof typeof CATALOGS;
export const DEFAULT_LOCALE: Locale = 'es';
export const LOCALES = Object.keys(CATALOGS) as Locale[];

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && value in CATALOGS;
}

export interface I18nValue {
  locale: Locale;
  setLocale: (locale: Locale) => void;
}

export const I18nContext = createContext<I18nValue>({ locale: DEFAULT_LOCALE, setLocale: () => undefined });
