import { FakeTranslatorsServer, fakeServiceTranslation } from '@lt/testing';
import { translateEnvSchema } from '../translate.env';
import { fallbackTranslatorFrom, FallbackTranslatorError, type FallbackTranslator } from './fallback-translator';
import { deeplCode, googleCode, libreCode } from './provider-languages';

const KEY = 'fallback-key';

describe('fallback translators against servers speaking each provider', () => {
  const fake = new FakeTranslatorsServer(KEY);
  let url: string;
  beforeAll(async () => (url = await fake.start()));
  afterAll(() => fake.stop());
  beforeEach(() => fake.reset());

  const make = (provider: 'google' | 'deepl' | 'libretranslate', key = KEY): FallbackTranslator => {
    const env = translateEnvSchema.parse({
      FALLBACK_TRANSLATOR: provider,
      GOOGLE_TRANSLATE_API_KEY: key,
      GOOGLE_TRANSLATE_URL: url,
      DEEPL_API_KEY: key,
      DEEPL_URL: url,
      LIBRETRANSLATE_URL: url,
      LIBRETRANSLATE_API_KEY: key,
    });
    return fallbackTranslatorFrom(env) as FallbackTranslator;
  };

  it('Google v2: q, target, source, format text, the key as ?key=, the first translatedText', async () => {
    await expect(make('google').translate({ text: 'Hola a todos', from: 'es', to: 'fr' })).resolves.toBe(
      fakeServiceTranslation('google', 'fr', 'Hola a todos'),
    );
    expect(fake.calls[0]).toMatchObject({
      provider: 'google',
      key: KEY,
      body: { q: 'Hola a todos', target: 'fr', source: 'es', format: 'text' },
    });
  });

  it('DeepL: DeepL-Auth-Key, text as an array, upper-case codes with the target variant', async () => {
    await expect(make('deepl').translate({ text: 'Hola', from: 'es', to: 'en-IN' })).resolves.toBe(
      fakeServiceTranslation('deepl', 'EN-GB', 'Hola'),
    );
    expect(fake.calls[0]).toMatchObject({ provider: 'deepl', key: KEY, body: { text: ['Hola'], target_lang: 'EN-GB', source_lang: 'ES' } });
  });

  it('LibreTranslate: q, source, target, format and api_key', async () => {
    await expect(make('libretranslate').translate({ text: 'Hola', from: 'es', to: 'de' })).resolves.toBe(
      fakeServiceTranslation('libretranslate', 'de', 'Hola'),
    );
    expect(fake.calls[0].body).toEqual({ q: 'Hola', source: 'es', target: 'de', format: 'text', api_key: KEY });
  });

  it.each([
    ['google', 403, /google answered 403: The request is missing a valid API key/],
    ['google', 429, /google answered 429: Quota exceeded/],
    ['google', 500, /google answered 500: Internal error/],
    ['deepl', 403, /deepl answered 403: Authorization failed/],
    ['deepl', 456, /deepl answered 456: Quota Exceeded/],
    ['deepl', 429, /deepl answered 429: Too many requests/],
    ['deepl', 500, /deepl answered 500/],
    ['libretranslate', 403, /libretranslate answered 403: Invalid API key/],
    ['libretranslate', 429, /libretranslate answered 429: Too many request/],
    ['libretranslate', 500, /libretranslate answered 500: Cannot translate/],
  ] as const)('%s answering %i is an error with the provider message', async (provider, status, message) => {
    fake.fail(status);
    const error = await make(provider)
      .translate({ text: 'Hola', from: 'es', to: 'fr' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FallbackTranslatorError);
    expect((error as FallbackTranslatorError).status).toBe(status);
    expect((error as Error).message).toMatch(message);
  });

  it.each(['google', 'deepl', 'libretranslate'] as const)('%s with a wrong key is refused with 403', async (provider) => {
    await expect(make(provider, 'wrong').translate({ text: 'Hola', from: 'es', to: 'fr' })).rejects.toMatchObject({ status: 403 });
  });

  it.each(['google', 'deepl', 'libretranslate'] as const)(
    '%s never sees the terms to keep, which come back as they were',
    async (provider) => {
      const text = 'Bienvenidos a Acme Cloud y a acme, no a acmecorp';
      const out = await make(provider).translate({ text, from: 'es', to: 'fr', keep: ['Acme Cloud', 'ACME'] });
      expect(fake.calls[0].text).not.toMatch(/acme cloud|acme,/i);
      expect(fake.calls[0].text).toContain('acmecorp');
      expect(out).toContain('Bienvenidos a Acme Cloud y a acme, no a acmecorp');
    },
  );

  it('refuses a translator URL that would send its key in clear, except to this machine', () => {
    const parse = (url: string) => translateEnvSchema.safeParse({ FALLBACK_TRANSLATOR: 'libretranslate', LIBRETRANSLATE_URL: url }).success;
    expect(parse('https://libre.example.org')).toBe(true);
    expect(parse('http://127.0.0.1:5000')).toBe(true);
    expect(parse('http://localhost:5000')).toBe(true);
    expect(parse('http://libre.example.org')).toBe(false);
    expect(translateEnvSchema.safeParse({ DEEPL_URL: 'http://api.deepl.com' }).success).toBe(false);
    expect(translateEnvSchema.safeParse({ GOOGLE_TRANSLATE_URL: 'http://translation.googleapis.com' }).success).toBe(false);
  });

  it('an unreachable provider, or one slower than the deadline, is an error', async () => {
    fake.delay(1_000);
    await expect(make('google').translate({ text: 'Hola', from: 'es', to: 'fr', signal: AbortSignal.timeout(100) })).rejects.toMatchObject({
      status: 0,
    });
  });
});

describe('our language codes as each provider names them', () => {
  it.each([
    ['es', 'es', 'ES', 'ES', 'es'],
    ['en', 'en', 'EN-US', 'EN', 'en'],
    ['en-IN', 'en', 'EN-GB', 'EN', 'en'],
    ['pt', 'pt', 'PT-BR', 'PT', 'pt'],
    ['pt-PT', 'pt', 'PT-PT', 'PT', 'pt'],
    ['zh-Hans', 'zh-CN', 'ZH-HANS', 'ZH', 'zh'],
    ['zh-Hant', 'zh-TW', 'ZH-HANT', 'ZH', 'zt'],
    ['he', 'iw', 'HE', 'HE', 'he'],
  ])('%s → google %s, deepl target %s / source %s, libretranslate %s', (code, google, deeplTarget, deeplSource, libre) => {
    expect(googleCode(code)).toBe(google);
    expect(deeplCode(code, 'target')).toBe(deeplTarget);
    expect(deeplCode(code, 'source')).toBe(deeplSource);
    expect(libreCode(code)).toBe(libre);
  });
});
