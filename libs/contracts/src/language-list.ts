/**
 * Every language a viewer can read, once for the whole product (web, services, OpenAPI document).
 *
 * - `code`: BCP-47, what the wire, the database and the address (`?lang=`) carry. The first seven are the
 *   product's original codes and keep their meaning (`pt` is Brazilian, `en` American English). Codes fit the
 *   `varchar(10)` language columns of every schema.
 * - `speechCode`: the locale the browser's speech recognition (host input) and its own voices take.
 * - `hostInput`: Chrome's speech recognition accepts `speechCode`: the host and speakers may speak it.
 * - `voice`: the Google Cloud Text-to-Speech `languageCode`, or null where Google has no voice (OpenAI's
 *   voices are multilingual and read any of them).
 */
export const LANGUAGES = [
  { code: 'es', name: 'Español', englishName: 'Spanish', dir: 'ltr', speechCode: 'es-ES', hostInput: true, voice: 'es-ES' },
  { code: 'en', name: 'English (US)', englishName: 'English', dir: 'ltr', speechCode: 'en-US', hostInput: true, voice: 'en-US' },
  {
    code: 'en-IN',
    name: 'English (India)',
    englishName: 'Indian English',
    dir: 'ltr',
    speechCode: 'en-IN',
    hostInput: true,
    voice: 'en-US',
  },
  { code: 'fr', name: 'Français', englishName: 'French', dir: 'ltr', speechCode: 'fr-FR', hostInput: true, voice: 'fr-FR' },
  { code: 'de', name: 'Deutsch', englishName: 'German', dir: 'ltr', speechCode: 'de-DE', hostInput: true, voice: 'de-DE' },
  { code: 'it', name: 'Italiano', englishName: 'Italian', dir: 'ltr', speechCode: 'it-IT', hostInput: true, voice: 'it-IT' },
  { code: 'pt', name: 'Português', englishName: 'Portuguese', dir: 'ltr', speechCode: 'pt-BR', hostInput: true, voice: 'pt-BR' },
  {
    code: 'pt-PT',
    name: 'Português (Portugal)',
    englishName: 'European Portuguese',
    dir: 'ltr',
    speechCode: 'pt-PT',
    hostInput: true,
    voice: 'pt-PT',
  },
  { code: 'ar', name: 'العربية', englishName: 'Arabic', dir: 'rtl', speechCode: 'ar-SA', hostInput: true, voice: 'ar-XA' },
  { code: 'he', name: 'עברית', englishName: 'Hebrew', dir: 'rtl', speechCode: 'he-IL', hostInput: true, voice: 'he-IL' },
  { code: 'fa', name: 'فارسی', englishName: 'Persian', dir: 'rtl', speechCode: 'fa-IR', hostInput: true, voice: null },
  { code: 'ur', name: 'اردو', englishName: 'Urdu', dir: 'rtl', speechCode: 'ur-PK', hostInput: true, voice: 'ur-IN' },
  {
    code: 'zh-Hans',
    name: '简体中文',
    englishName: 'Simplified Chinese',
    dir: 'ltr',
    speechCode: 'zh-CN',
    hostInput: true,
    voice: 'cmn-CN',
  },
  {
    code: 'zh-Hant',
    name: '繁體中文',
    englishName: 'Traditional Chinese',
    dir: 'ltr',
    speechCode: 'zh-TW',
    hostInput: true,
    voice: 'cmn-TW',
  },
  { code: 'yue', name: '粵語', englishName: 'Cantonese', dir: 'ltr', speechCode: 'zh-HK', hostInput: true, voice: 'yue-HK' },
  { code: 'ja', name: '日本語', englishName: 'Japanese', dir: 'ltr', speechCode: 'ja-JP', hostInput: true, voice: 'ja-JP' },
  { code: 'ko', name: '한국어', englishName: 'Korean', dir: 'ltr', speechCode: 'ko-KR', hostInput: true, voice: 'ko-KR' },
  { code: 'hi', name: 'हिन्दी', englishName: 'Hindi', dir: 'ltr', speechCode: 'hi-IN', hostInput: true, voice: 'hi-IN' },
  { code: 'bn', name: 'বাংলা', englishName: 'Bengali', dir: 'ltr', speechCode: 'bn-IN', hostInput: true, voice: 'bn-IN' },
  { code: 'ta', name: 'தமிழ்', englishName: 'Tamil', dir: 'ltr', speechCode: 'ta-IN', hostInput: true, voice: 'ta-IN' },
  { code: 'te', name: 'తెలుగు', englishName: 'Telugu', dir: 'ltr', speechCode: 'te-IN', hostInput: true, voice: 'te-IN' },
  { code: 'mr', name: 'मराठी', englishName: 'Marathi', dir: 'ltr', speechCode: 'mr-IN', hostInput: true, voice: 'mr-IN' },
  { code: 'ru', name: 'Русский', englishName: 'Russian', dir: 'ltr', speechCode: 'ru-RU', hostInput: true, voice: 'ru-RU' },
  { code: 'uk', name: 'Українська', englishName: 'Ukrainian', dir: 'ltr', speechCode: 'uk-UA', hostInput: true, voice: 'uk-UA' },
  { code: 'pl', name: 'Polski', englishName: 'Polish', dir: 'ltr', speechCode: 'pl-PL', hostInput: true, voice: 'pl-PL' },
  { code: 'nl', name: 'Nederlands', englishName: 'Dutch', dir: 'ltr', speechCode: 'nl-NL', hostInput: true, voice: 'nl-NL' },
  { code: 'tr', name: 'Türkçe', englishName: 'Turkish', dir: 'ltr', speechCode: 'tr-TR', hostInput: true, voice: 'tr-TR' },
  { code: 'el', name: 'Ελληνικά', englishName: 'Greek', dir: 'ltr', speechCode: 'el-GR', hostInput: true, voice: 'el-GR' },
  { code: 'sv', name: 'Svenska', englishName: 'Swedish', dir: 'ltr', speechCode: 'sv-SE', hostInput: true, voice: 'sv-SE' },
  { code: 'da', name: 'Dansk', englishName: 'Danish', dir: 'ltr', speechCode: 'da-DK', hostInput: true, voice: 'da-DK' },
  { code: 'nb', name: 'Norsk bokmål', englishName: 'Norwegian Bokmål', dir: 'ltr', speechCode: 'nb-NO', hostInput: true, voice: 'nb-NO' },
  { code: 'fi', name: 'Suomi', englishName: 'Finnish', dir: 'ltr', speechCode: 'fi-FI', hostInput: true, voice: 'fi-FI' },
  { code: 'cs', name: 'Čeština', englishName: 'Czech', dir: 'ltr', speechCode: 'cs-CZ', hostInput: true, voice: 'cs-CZ' },
  { code: 'sk', name: 'Slovenčina', englishName: 'Slovak', dir: 'ltr', speechCode: 'sk-SK', hostInput: true, voice: 'sk-SK' },
  { code: 'hu', name: 'Magyar', englishName: 'Hungarian', dir: 'ltr', speechCode: 'hu-HU', hostInput: true, voice: 'hu-HU' },
  { code: 'ro', name: 'Română', englishName: 'Romanian', dir: 'ltr', speechCode: 'ro-RO', hostInput: true, voice: 'ro-RO' },
  { code: 'bg', name: 'Български', englishName: 'Bulgarian', dir: 'ltr', speechCode: 'bg-BG', hostInput: true, voice: 'bg-BG' },
  { code: 'sr', name: 'Српски', englishName: 'Serbian', dir: 'ltr', speechCode: 'sr-RS', hostInput: true, voice: 'sr-RS' },
  { code: 'hr', name: 'Hrvatski', englishName: 'Croatian', dir: 'ltr', speechCode: 'hr-HR', hostInput: true, voice: null },
  { code: 'lt', name: 'Lietuvių', englishName: 'Lithuanian', dir: 'ltr', speechCode: 'lt-LT', hostInput: true, voice: 'lt-LT' },
  { code: 'lv', name: 'Latviešu', englishName: 'Latvian', dir: 'ltr', speechCode: 'lv-LV', hostInput: true, voice: 'lv-LV' },
  { code: 'ca', name: 'Català', englishName: 'Catalan', dir: 'ltr', speechCode: 'ca-ES', hostInput: true, voice: 'ca-ES' },
  { code: 'eu', name: 'Euskara', englishName: 'Basque', dir: 'ltr', speechCode: 'eu-ES', hostInput: true, voice: 'eu-ES' },
  { code: 'gl', name: 'Galego', englishName: 'Galician', dir: 'ltr', speechCode: 'gl-ES', hostInput: true, voice: 'gl-ES' },
  { code: 'vi', name: 'Tiếng Việt', englishName: 'Vietnamese', dir: 'ltr', speechCode: 'vi-VN', hostInput: true, voice: 'vi-VN' },
  { code: 'th', name: 'ไทย', englishName: 'Thai', dir: 'ltr', speechCode: 'th-TH', hostInput: true, voice: 'th-TH' },
  { code: 'id', name: 'Bahasa Indonesia', englishName: 'Indonesian', dir: 'ltr', speechCode: 'id-ID', hostInput: true, voice: 'id-ID' },
  { code: 'ms', name: 'Bahasa Melayu', englishName: 'Malay', dir: 'ltr', speechCode: 'ms-MY', hostInput: true, voice: 'ms-MY' },
  { code: 'fil', name: 'Filipino', englishName: 'Filipino', dir: 'ltr', speechCode: 'fil-PH', hostInput: true, voice: 'fil-PH' },
  { code: 'sw', name: 'Kiswahili', englishName: 'Swahili', dir: 'ltr', speechCode: 'sw-KE', hostInput: true, voice: null },
  { code: 'cy', name: 'Cymraeg', englishName: 'Welsh', dir: 'ltr', speechCode: 'cy-GB', hostInput: false, voice: null },
  { code: 'ga', name: 'Gaeilge', englishName: 'Irish', dir: 'ltr', speechCode: 'ga-IE', hostInput: false, voice: null },
] as const satisfies readonly LanguageEntry[];

interface LanguageEntry {
  code: string;
  name: string;
  englishName: string;
  dir: 'ltr' | 'rtl';
  speechCode: string;
  hostInput: boolean;
  voice: string | null;
}

export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export type Language = (typeof LANGUAGES)[number];
export type HostLanguage = Extract<Language, { hostInput: true }>;
export type HostLanguageCode = HostLanguage['code'];
export type TextDirection = Language['dir'];

/** The languages a host or speaker can speak: those the browser's speech recognition accepts. */
export const HOST_LANGUAGES = LANGUAGES.filter((l): l is HostLanguage => l.hostInput);

/** Every language code, and those a host or speaker may speak: the values of the schemas in languages.ts. */
export const LANGUAGE_CODES = LANGUAGES.map((l) => l.code) as [LanguageCode, ...LanguageCode[]];
export const HOST_LANGUAGE_CODES = HOST_LANGUAGES.map((l) => l.code) as [HostLanguageCode, ...HostLanguageCode[]];

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value);
}

export function isHostLanguageCode(value: unknown): value is HostLanguageCode {
  return typeof value === 'string' && (HOST_LANGUAGE_CODES as readonly string[]).includes(value);
}

export function findLanguage(code: string | null | undefined): Language | undefined {
  return LANGUAGES.find((l) => l.code === code);
}

/** The writing direction of a language's text; an unknown code reads left to right. */
export function textDirection(code: string | null | undefined): TextDirection {
  return findLanguage(code)?.dir ?? 'ltr';
}
