import type { MessageKey } from './es';
import { CATALOGS, type Locale } from './i18n-context';

export type TranslateParams = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: TranslateParams) => string;

/** `{count, plural, one {# viewer} other {# viewers}}`: the form Intl.PluralRules picks, `#` the number as the locale writes it. */
const PLURAL = /\{(\w+), plural,((?:\s*(?:=\d+|zero|one|two|few|many|other)\s*\{[^{}]*\})+)\s*\}/g;
const PLURAL_FORM = /(=\d+|zero|one|two|few|many|other)\s*\{([^{}]*)\}/g;

function plural(locale: string, value: number, forms: string): string {
  const options = new Map([...forms.matchAll(PLURAL_FORM)].map(([, form, text]) => [form, text]));
  const text = options.get(`=${value}`) ?? options.get(new Intl.PluralRules(locale).select(value)) ?? options.get('other') ?? '';
  return text.replace(/#/g, new Intl.NumberFormat(locale).format(value));
}

export function interpolate(text: string, params?: TranslateParams, locale = 'en'): string {
  if (!params) return text;
  const counted = text.replace(PLURAL, (match, name: string, forms: string) =>
    typeof params[name] === 'number' ? plural(locale, params[name], forms) : match,
  );
  return counted.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}

export function translate(locale: Locale, key: MessageKey, params?: TranslateParams): string {
  return interpolate(CATALOGS[locale][key], params, locale);
}
