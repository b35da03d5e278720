import { z } from 'zod';

/** The spec's supported languages (§3) with their speech-recognition codes and voices (§9). */
export const LANGUAGES = [
  { code: 'es', name: 'Español', englishName: 'Spanish', speechCode: 'es-ES', voice: 'es-ES' },
  { code: 'en', name: 'English (US)', englishName: 'English', speechCode: 'en-US', voice: 'en-US' },
  { code: 'en-IN', name: 'English (India)', englishName: 'Indian English', speechCode: 'en-IN', voice: 'en-US' },
  { code: 'fr', name: 'Français', englishName: 'French', speechCode: 'fr-FR', voice: 'fr-FR' },
  { code: 'de', name: 'Deutsch', englishName: 'German', speechCode: 'de-DE', voice: 'de-DE' },
  { code: 'it', name: 'Italiano', englishName: 'Italian', speechCode: 'it-IT', voice: 'it-IT' },
  { code: 'pt', name: 'Português', englishName: 'Portuguese', speechCode: 'pt-BR', voice: 'pt-BR' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export type Language = (typeof LANGUAGES)[number];

const CODES = LANGUAGES.map((l) => l.code) as [LanguageCode, ...LanguageCode[]];
export const languageCodeSchema = z.enum(CODES);

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (CODES as readonly string[]).includes(value);
}

export function findLanguage(code: string | null | undefined): Language | undefined {
  return LANGUAGES.find((l) => l.code === code);
}
