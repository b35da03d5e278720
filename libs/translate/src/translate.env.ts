import { z } from 'zod';
import { optionalString, optionalUrl } from '@lt/platform';

/** Variables of the translation service. */
export const translateEnvSchema = z.object({
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_MODEL: z.string().min(1).default('gpt-4o'),
});

export type TranslateEnv = z.infer<typeof translateEnvSchema>;
