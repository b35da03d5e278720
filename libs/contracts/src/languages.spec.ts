import {
  findLanguage,
  HOST_LANGUAGES,
  hostLanguageCodeSchema,
  isHostLanguageCode,
  isLanguageCode,
  languageCodeSchema,
  LANGUAGES,
  textDirection,
} from './languages';

/** The width of every language column in the database (rooms, speakers, messages, translations, summaries, audio). */
const LANGUAGE_COLUMN_WIDTH = 10;

describe('languages', () => {
  it('offers forty languages at least, each code once (and once in lower case)', () => {
    expect(LANGUAGES.length).toBeGreaterThanOrEqual(40);
    const codes = LANGUAGES.map((l) => l.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(new Set(codes.map((c) => c.toLowerCase())).size).toBe(codes.length);
  });

  it.each(LANGUAGES.map((l) => [l.code, l] as const))('%s has every field, well formed', (code, language) => {
    expect(code).toMatch(/^[a-z]{2,3}(-[A-Z][a-z]{3})?(-[A-Z]{2})?$/);
    expect(code.length).toBeLessThanOrEqual(LANGUAGE_COLUMN_WIDTH);
    expect(language.name.trim()).not.toBe('');
    expect(language.englishName.trim()).not.toBe('');
    // Prompts name a language as `English name (code)`: a bracket in the name would read as the code.
    expect(language.englishName).not.toMatch(/[()]/);
    expect(['ltr', 'rtl']).toContain(language.dir);
    expect(language.speechCode).toMatch(/^[a-z]{2,3}-[A-Z]{2}$/);
    expect(typeof language.hostInput).toBe('boolean');
    if (language.voice !== null) expect(language.voice).toMatch(/^[a-z]{2,3}-[A-Z]{2}$/);
    expect(new Intl.Locale(code).language).toBe(code.split('-')[0]);
  });

  it('keeps the original seven codes and what they mean', () => {
    expect(LANGUAGES.slice(0, 7).map(({ code, name, speechCode, voice }) => ({ code, name, speechCode, voice }))).toEqual([
      { code: 'es', name: 'Español', speechCode: 'es-ES', voice: 'es-ES' },
      { code: 'en', name: 'English (US)', speechCode: 'en-US', voice: 'en-US' },
      { code: 'en-IN', name: 'English (India)', speechCode: 'en-IN', voice: 'en-US' },
      { code: 'fr', name: 'Français', speechCode: 'fr-FR', voice: 'fr-FR' },
      { code: 'de', name: 'Deutsch', speechCode: 'de-DE', voice: 'de-DE' },
      { code: 'it', name: 'Italiano', speechCode: 'it-IT', voice: 'it-IT' },
      { code: 'pt', name: 'Português', speechCode: 'pt-BR', voice: 'pt-BR' },
    ]);
    expect(LANGUAGES.slice(0, 7).every((l) => l.hostInput && l.dir === 'ltr')).toBe(true);
  });

  it('includes the languages a conference asks for', () => {
    const wanted = [
      'ar',
      'he',
      'fa',
      'ur',
      'zh-Hans',
      'zh-Hant',
      'ja',
      'ko',
      'hi',
      'bn',
      'ru',
      'uk',
      'pl',
      'nl',
      'tr',
      'el',
      'sv',
      'vi',
      'th',
      'id',
      'sw',
      'ca',
    ];
    expect(wanted.filter((code) => !isLanguageCode(code))).toEqual([]);
  });

  it('writes Arabic, Hebrew, Persian and Urdu right to left, and nothing else', () => {
    expect(LANGUAGES.filter((l) => l.dir === 'rtl').map((l) => l.code)).toEqual(['ar', 'he', 'fa', 'ur']);
    expect(textDirection('ar')).toBe('rtl');
    expect(textDirection('zh-Hant')).toBe('ltr');
    expect(textDirection('xx')).toBe('ltr');
    expect(textDirection(null)).toBe('ltr');
  });

  it('lets a host speak only what browser speech recognition accepts', () => {
    expect(HOST_LANGUAGES.length).toBeGreaterThan(40);
    expect(HOST_LANGUAGES.every((l) => l.hostInput)).toBe(true);
    expect(isHostLanguageCode('ar')).toBe(true);
    expect(isHostLanguageCode('cy')).toBe(false);
    expect(isLanguageCode('cy')).toBe(true);
    expect(hostLanguageCodeSchema.safeParse('cy').success).toBe(false);
    expect(hostLanguageCodeSchema.safeParse('zh-Hans').success).toBe(true);
  });

  it('accepts exact codes only', () => {
    expect(languageCodeSchema.safeParse('zh-Hant').success).toBe(true);
    for (const bad of ['zh', 'ZH-HANT', 'ar-SA', 'nope', '', 3, null]) expect(isLanguageCode(bad)).toBe(false);
    expect(findLanguage('ja')?.englishName).toBe('Japanese');
    expect(findLanguage('xx')).toBeUndefined();
  });
});
