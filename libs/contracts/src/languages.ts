import { z } from 'zod';
import { HOST_LANGUAGE_CODES, LANGUAGE_CODES, LANGUAGES, type Language } from './language-list';

// The list itself has no schema in it, so the web can read it without loading zod.
export * from './language-list';

const describe = (list: readonly Language[]) => list.map((l) => `\`${l.code}\` ${l.englishName}`).join(', ');
export const languageCodeSchema = z
  .enum(LANGUAGE_CODES)
  .meta({ id: 'LanguageCode', description: `A target language (BCP-47): ${describe(LANGUAGES)}` });
/** What a host or speaker says it speaks: a language the browser can transcribe. */
export const hostLanguageCodeSchema = z
  .enum(HOST_LANGUAGE_CODES)
  .meta({ id: 'HostLanguageCode', description: 'A language the browser’s speech recognition transcribes: the input of a host or speaker' });
