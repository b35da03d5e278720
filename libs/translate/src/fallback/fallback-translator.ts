import type { TranslateEnv } from '../translate.env';
import { deeplCode, googleCode, libreCode, type FallbackProvider } from './provider-languages';
import { protectTerms } from './protected-terms';

/** A fallback provider refused or failed; `status` is its HTTP status (0 when it could not be reached). */
export class FallbackTranslatorError extends Error {
  constructor(
    readonly provider: FallbackProvider,
    readonly status: number,
    message: string,
  ) {
    super(`${provider} answered ${status || 'nothing'}: ${message}`);
  }
}

export interface FallbackRequest {
  text: string;
  from: string;
  to: string;
  /** Terms that must come back exactly as they are (the room glossary's "keep as is"). */
  keep?: string[];
  signal?: AbortSignal;
}

/** A text-translation service used when the language model fails, times out or answers badly. */
export interface FallbackTranslator {
  readonly provider: FallbackProvider;
  translate(request: FallbackRequest): Promise<string>;
}

type Call = (text: string, from: string, to: string, signal: AbortSignal | undefined) => Promise<string>;

/** The configured fallback translator, or null for `FALLBACK_TRANSLATOR=none`. */
export function fallbackTranslatorFrom(env: TranslateEnv): FallbackTranslator | null {
  switch (env.FALLBACK_TRANSLATOR) {
    case 'google':
      return withProtectedTerms('google', google(env.GOOGLE_TRANSLATE_URL, env.GOOGLE_TRANSLATE_API_KEY ?? ''));
    case 'deepl':
      return withProtectedTerms('deepl', deepl(env.DEEPL_URL ?? deeplDefaultUrl(env.DEEPL_API_KEY ?? ''), env.DEEPL_API_KEY ?? ''));
    case 'libretranslate':
      return withProtectedTerms('libretranslate', libre(env.LIBRETRANSLATE_URL ?? '', env.LIBRETRANSLATE_API_KEY));
    default:
      return null;
  }
}

/** DeepL serves free keys (suffix `:fx`) on its own host. */
const deeplDefaultUrl = (key: string) => (key.endsWith(':fx') ? 'https://api-free.deepl.com' : 'https://api.deepl.com');

function withProtectedTerms(provider: FallbackProvider, call: Call): FallbackTranslator {
  return {
    provider,
    async translate({ text, from, to, keep = [], signal }) {
      const protectedText = protectTerms(text, keep);
      const translated = await call(protectedText.text, from, to, signal);
      if (!translated.trim()) throw new FallbackTranslatorError(provider, 200, 'empty translation');
      return protectedText.restore(translated);
    },
  };
}

/** Google Cloud Translation v2: the key as `?key=`, the answer in `data.translations[0].translatedText`. */
function google(baseUrl: string, key: string): Call {
  return async (text, from, to, signal) => {
    const url = `${trimSlash(baseUrl)}/language/translate/v2?key=${encodeURIComponent(key)}`;
    const body = await post('google', url, {}, { q: text, target: googleCode(to), source: googleCode(from), format: 'text' }, signal);
    const translated = (body as { data?: { translations?: { translatedText?: unknown }[] } }).data?.translations?.[0]?.translatedText;
    if (typeof translated !== 'string') throw new FallbackTranslatorError('google', 200, 'no translatedText in the answer');
    // format "text" still answers HTML entities for a few characters.
    return translated
      .replace(/&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&');
  };
}

/** DeepL API v2: `Authorization: DeepL-Auth-Key …`, texts as an array, the answer in `translations[0].text`. */
function deepl(baseUrl: string, key: string): Call {
  return async (text, from, to, signal) => {
    const headers = { authorization: `DeepL-Auth-Key ${key}` };
    const payload = { text: [text], target_lang: deeplCode(to, 'target'), source_lang: deeplCode(from, 'source') };
    const body = await post('deepl', `${trimSlash(baseUrl)}/v2/translate`, headers, payload, signal);
    const translated = (body as { translations?: { text?: unknown }[] }).translations?.[0]?.text;
    if (typeof translated !== 'string') throw new FallbackTranslatorError('deepl', 200, 'no translations[0].text in the answer');
    return translated;
  };
}

/** LibreTranslate: `{q, source, target, format, api_key}`, the answer in `translatedText`. */
function libre(baseUrl: string, key: string | undefined): Call {
  return async (text, from, to, signal) => {
    const payload = { q: text, source: libreCode(from), target: libreCode(to), format: 'text', ...(key ? { api_key: key } : {}) };
    const body = await post('libretranslate', `${trimSlash(baseUrl)}/translate`, {}, payload, signal);
    const translated = (body as { translatedText?: unknown }).translatedText;
    if (typeof translated !== 'string') throw new FallbackTranslatorError('libretranslate', 200, 'no translatedText in the answer');
    return translated;
  };
}

async function post(
  provider: FallbackProvider,
  url: string,
  headers: Record<string, string>,
  payload: unknown,
  signal?: AbortSignal,
): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(payload),
      signal,
    });
  } catch (error) {
    throw new FallbackTranslatorError(provider, 0, (error as Error).message);
  }
  const raw = await res.text().catch(() => '');
  let body: unknown = null;
  try {
    body = raw ? JSON.parse(raw) : null;
  } catch {
    if (res.ok) throw new FallbackTranslatorError(provider, res.status, 'the answer is not JSON');
  }
  if (!res.ok) throw new FallbackTranslatorError(provider, res.status, errorMessage(body) ?? (raw.slice(0, 200) || res.statusText));
  return body;
}

/** The message of each provider's error body: Google `{error:{message}}`, DeepL `{message}`, LibreTranslate `{error}`. */
function errorMessage(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const { error, message } = body as { error?: unknown; message?: unknown };
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string')
    return (error as { message: string }).message;
  return typeof message === 'string' ? message : undefined;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');
