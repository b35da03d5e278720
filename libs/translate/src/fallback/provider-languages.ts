/**
 * Our language codes (BCP 47: `es`, `en-IN`, `zh-Hans`, `pt-BR`…) as each fallback translator names them, in
 * one place. A code a provider does not list goes as its primary subtag, which is what they all accept.
 */
export type FallbackProvider = 'google' | 'deepl' | 'libretranslate';

const primary = (code: string) => code.split('-')[0].toLowerCase();
const script = (code: string) =>
  code
    .split('-')
    .find((part, i) => i > 0 && part.length === 4)
    ?.toLowerCase();
const region = (code: string) =>
  code
    .split('-')
    .find((part, i) => i > 0 && part.length === 2)
    ?.toUpperCase();

/** Chinese: simplified unless the script or a Traditional region says otherwise. */
function traditionalChinese(code: string): boolean {
  return script(code) === 'hant' || ['TW', 'HK', 'MO'].includes(region(code) ?? '');
}

/** Google Translate v2: ISO 639-1 codes, `zh-CN` / `zh-TW`, and a few legacy codes of its own. */
export function googleCode(code: string): string {
  const base = primary(code);
  if (base === 'zh') return traditionalChinese(code) ? 'zh-TW' : 'zh-CN';
  return ({ he: 'iw', jv: 'jw', fil: 'tl' } as Record<string, string>)[base] ?? base;
}

/**
 * DeepL: upper case; a target needs its variant for English (EN-US / EN-GB), Portuguese (PT-BR / PT-PT) and
 * Chinese (ZH-HANS / ZH-HANT), while a source is always the bare language (`EN`, `PT`, `ZH`).
 */
export function deeplCode(code: string, role: 'source' | 'target'): string {
  const base = primary(code).toUpperCase();
  if (role === 'source') return base;
  const r = region(code);
  if (base === 'EN') return r === 'US' || r === undefined ? 'EN-US' : 'EN-GB';
  if (base === 'PT') return r === 'PT' ? 'PT-PT' : 'PT-BR';
  if (base === 'ZH') return traditionalChinese(code) ? 'ZH-HANT' : 'ZH-HANS';
  return base;
}

/** LibreTranslate (Argos models): ISO 639-1, with `zt` for Traditional Chinese. */
export function libreCode(code: string): string {
  const base = primary(code);
  if (base === 'zh') return traditionalChinese(code) ? 'zt' : 'zh';
  return base;
}
