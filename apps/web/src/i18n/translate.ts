import type { MessageKey } from './es';
import { CATALOGS, type Locale } from './i18n-context';

export type TranslateParams = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: TranslateParams) => string;

export function translate(locale: Locale, key: MessageKey, params?: TranslateParams): string {
  const text = CATALOGS[locale][key];
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}
