import { z } from 'zod';
import { optionalString, optionalUrl } from '@lt/platform';
import { analyticsFlushMsSchema } from '@lt/usage';

const ms = (fallback: number) => z.coerce.number().int().min(100).max(600_000).default(fallback);
const positive = (fallback: number) => z.coerce.number().int().min(1).max(100_000_000).default(fallback);

/**
 * A fallback translator's URL carries its key: https only, except to this machine (tests, a sidecar).
 */
const secureUrl = (u: string) => {
  const url = new URL(u);
  return url.protocol === 'https:' || (url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname));
};
const HTTPS_ONLY = 'must be https:// (http:// only to localhost)';
const translatorUrl = optionalUrl.refine((u) => u === undefined || secureUrl(u), HTTPS_ONLY);

/** The injection token of the parsed variables. */
export const TRANSLATE_ENV = Symbol('TRANSLATE_ENV');

/** Variables of the translation service. */
export const translateEnvSchema = z.object({
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_MODEL: z.string().min(1).default('gpt-4o'),
  /** How long a live caption waits for the language model before the fallback answers. */
  TRANSLATION_DEADLINE_MS: ms(6_000),
  /** Summaries, and translations made for catch-up, exports and speech: nobody is held in order behind them. */
  LLM_LONG_DEADLINE_MS: ms(60_000),
  /** Previous sentences of the room sent with each live translation, as context. */
  TRANSLATION_CONTEXT_SENTENCES: z.coerce.number().int().min(0).max(20).default(3),
  /** How often this service sends the rooms' analytics it counted (ms; a minute by default). */
  ANALYTICS_FLUSH_MS: analyticsFlushMsSchema,
  FALLBACK_TRANSLATOR: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['none', 'google', 'deepl', 'libretranslate']).default('none'),
  ),
  GOOGLE_TRANSLATE_API_KEY: optionalString,
  GOOGLE_TRANSLATE_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().url().default('https://translation.googleapis.com').refine(secureUrl, HTTPS_ONLY),
  ),
  DEEPL_API_KEY: optionalString,
  /** DeepL's free keys (ending in `:fx`) use https://api-free.deepl.com. */
  DEEPL_URL: translatorUrl,
  LIBRETRANSLATE_URL: translatorUrl,
  LIBRETRANSLATE_API_KEY: optionalString,
  /** The language-model provider's limits, shared by every replica of translate-svc. */
  LLM_RPM: positive(500),
  LLM_TPM: positive(200_000),
  /** Each room's rate of sentences sent to the language model (the room limiter): a bucket, its refill, and a 60-second window. */
  ROOM_TRANSLATION_BURST: positive(50),
  ROOM_TRANSLATION_REFILL_PER_SECOND: z.coerce.number().positive().max(100_000).default(3),
  ROOM_TRANSLATION_PER_MINUTE: positive(50),
  /** A glossary revision translates at most this many (line, language) pairs in one call, the languages read now first… */
  REVISION_MAX_TRANSLATIONS: positive(240),
  /** …and each room at most this many pairs a minute (a bucket refilled over the minute, shared by every replica). */
  REVISION_TRANSLATIONS_PER_MINUTE: positive(720),
  /** Tokens an ended room may still spend from its end (e.g. a visitor reading it in a new language). */
  ENDED_ROOM_TOKEN_ALLOWANCE: z.coerce.number().int().min(0).max(100_000_000).default(2_000),
  /** How long what accounts-svc said of a room's spending is trusted (an admin's reset is seen this soon)… */
  ROOM_SPENDING_TTL_MS: ms(2_000),
  /** …and what rooms-svc said of an ended room's end and allowance (an owner's edit is seen this soon; the end itself comes as an event). */
  ROOM_END_TTL_MS: ms(5_000),
  /** Questions translated on demand (into a language viewers read now), per room and minute. */
  QUESTION_TRANSLATIONS_PER_MINUTE: positive(300),
  /** Fast captions: a speaker's interim line is translated into a language at most this often… */
  INTERIM_TRANSLATION_MS: ms(1_000),
  /** …and at most this many times a minute (the cost cap per speaker and language). */
  INTERIM_TRANSLATIONS_PER_MINUTE: positive(60),
  /** …and each room at most this many interim translations a minute, of at most this many tokens (every speaker and language). */
  INTERIM_ROOM_TRANSLATIONS_PER_MINUTE: positive(1_200),
  INTERIM_ROOM_TOKENS_PER_MINUTE: positive(300_000),
  /** The last words of a translated interim line held back until the next one or the final (mask-k). */
  INTERIM_MASK_WORDS: z.coerce.number().int().min(0).max(10).default(2),
});

export type TranslateEnv = z.infer<typeof translateEnvSchema>;

/** A bad combination of variables stops the process with a message naming the variable. */
export function checkTranslateEnv(env: TranslateEnv): void {
  if (env.FALLBACK_TRANSLATOR === 'google' && !env.GOOGLE_TRANSLATE_API_KEY)
    throw new Error('FALLBACK_TRANSLATOR=google needs GOOGLE_TRANSLATE_API_KEY');
  if (env.FALLBACK_TRANSLATOR === 'deepl' && !env.DEEPL_API_KEY) throw new Error('FALLBACK_TRANSLATOR=deepl needs DEEPL_API_KEY');
  if (env.FALLBACK_TRANSLATOR === 'libretranslate' && !env.LIBRETRANSLATE_URL)
    throw new Error('FALLBACK_TRANSLATOR=libretranslate needs LIBRETRANSLATE_URL');
}
