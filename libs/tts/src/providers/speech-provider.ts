import type { LanguageCode } from '@lt/contracts';

export interface Speech {
  audio: Buffer;
  mime: 'audio/mpeg';
}

/** One synthesis call to a provider; the service around it decides when (once per message and language). */
export interface SpeechProvider {
  readonly name: 'google' | 'openai';
  /** Whether it has a voice for the language: asking it for another would be refused, and charged nothing. */
  speaks(lang: LanguageCode): boolean;
  synthesize(text: string, lang: LanguageCode): Promise<Speech>;
}

export const SPEECH_PROVIDER = Symbol('SPEECH_PROVIDER');

/** A refusal that asking again will not change (a bad key, an argument the provider rejects). */
export class SpeechRefusedError extends Error {}
