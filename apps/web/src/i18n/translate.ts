import type { MessageKey } from './es';
import { CATALOGS, type Locale } from './i18n-context';

export type TranslateParams = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: TranslateParams) => string;

export function interpolate(text: string, params?: TranslateParams): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}

export function translate(locale: Locale, key: MessageKey, params?: TranslateParams): string {
  return interpolate(CATALOGS[locale][key], params);
}
