import { z } from 'zod';
import { optionalString, optionalUrl } from '@lt/platform';
import { analyticsFlushMsSchema } from '@lt/usage';
import { ingestEnvSchema } from './ingest/ingest.env';

/** Variables of the recognition service: which provider recognises speech, and its key (never sent to a browser). */
export const asrEnvSchema = z.object({
  /** none: speech is recognised in the browser only; deepgram, openai, or openai-compatible (a server by URL). */
  ASR_PROVIDER: z.enum(['none', 'deepgram', 'openai', 'openai-compatible']).default('none'),
  DEEPGRAM_API_KEY: optionalString,
  /** Deepgram's live endpoint, or a server speaking its protocol. */
  DEEPGRAM_URL: z.string().url().default('wss://api.deepgram.com/v1/listen'),
  DEEPGRAM_MODEL: z.string().min(1).default('nova-3'),
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalUrl,
  /** The realtime endpoint (wss://…/v1/realtime); derived from OPENAI_BASE_URL when absent. */
  ASR_OPENAI_URL: optionalUrl,
  ASR_OPENAI_MODEL: z.string().min(1).default('gpt-4o-transcribe'),
  /** A provider session is replaced (make-before-break) before it gets this old: providers cap sessions. */
  ASR_SESSION_MAX_MS: z.coerce
    .number()
    .int()
    .min(5_000)
    .default(25 * 60_000),
  /** Audio kept since the last stored sentence, replayed to a new session (and to a replica taking over). */
  ASR_REPLAY_MAX_MS: z.coerce.number().int().min(1_000).default(30_000),
  /**
   * A stream that gets no audio this long is stopped and its lease released (its page or gateway is gone without
   * a word); a page that sends again is given the stream back by its gateway.
   */
  ASR_STREAM_IDLE_MS: z.coerce.number().int().min(1_000).default(30_000),
  /** How long a replica's hold on a stream lasts unless renewed; another takes over after it lapses. */
  ASR_LEASE_MS: z.coerce.number().int().min(500).default(3_000),
  /**
   * The first wait before a recognised sentence rooms-svc did not take is sent again (doubled each time, to 5 s).
   * A replica shutting down tries 6 times, then keeps the sentence in its schema, stored later in order.
   */
  ASR_STORE_RETRY_MS: z.coerce.number().int().min(1).default(250),
  /** How often this service sends the rooms' analytics it counted (ms; a minute by default). */
  ANALYTICS_FLUSH_MS: analyticsFlushMsSchema,
  /** The venue's feed over SRT (libs/asr/src/ingest). */
  ...ingestEnvSchema.shape,
});

export type AsrEnv = z.infer<typeof asrEnvSchema>;

/** The realtime URL of OpenAI or of a server speaking its protocol. */
export function openAiRealtimeUrl(env: AsrEnv): string {
  if (env.ASR_OPENAI_URL) return env.ASR_OPENAI_URL;
  const base = (env.OPENAI_BASE_URL ?? 'https://api.openai.com/v1').replace(/\/+$/, '');
  return `${base.replace(/^http/, 'ws')}/realtime`;
}
