import { z } from 'zod';
import { optionalString, optionalUrl } from '@lt/platform';
import { analyticsFlushMsSchema } from '@lt/usage';

/** Variables of the speech service: which provider synthesises, and its key (never sent to a browser). */
export const ttsEnvSchema = z.object({
  /** none: no server audio (viewers use the browser's speechSynthesis); google or openai. */
  TTS_PROVIDER: z.enum(['none', 'google', 'openai']).default('none'),
  GOOGLE_TTS_API_KEY: optionalString,
  /** Google Cloud Text-to-Speech, or a server speaking its protocol. */
  GOOGLE_TTS_URL: z.string().url().default('https://texttospeech.googleapis.com'),
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_TTS_MODEL: z.string().min(1).default('gpt-4o-mini-tts'),
  OPENAI_TTS_VOICE: z.string().min(1).default('alloy'),
  /** How often this service sends the rooms' analytics it counted (ms; a minute by default). */
  ANALYTICS_FLUSH_MS: analyticsFlushMsSchema,
});

export type TtsEnv = z.infer<typeof ttsEnvSchema>;
