import { z } from 'zod';
import { languageCodeSchema } from '../languages';

export const ASR_PROVIDERS = ['deepgram', 'openai', 'openai-compatible'] as const;
export type AsrProviderName = (typeof ASR_PROVIDERS)[number];

/** What the server recognises with, when it does: the `joined` frame's `serverRecognition`. */
export const asrStatusSchema = z.object({
  provider: z.enum(ASR_PROVIDERS).nullable(),
  sampleRate: z.int().positive(),
});
export type AsrStatus = z.infer<typeof asrStatusSchema>;

/** One audio stream as AudioSink.open takes it (docs/audio.md), with who speaks it. */
export const audioStreamSchema = z.object({
  streamId: z.uuid(),
  roomId: z.uuid(),
  source: z.enum(['browser', 'feed']),
  speakerId: z.string().min(1).max(100),
  speakerName: z.string().max(100),
  sourceLanguage: languageCodeSchema,
  sampleRate: z.int().positive(),
  /** An invited speaker: stored as such (its invite must still be there). */
  invitedSpeaker: z.boolean().optional(),
});
export type AudioStream = z.infer<typeof audioStreamSchema>;

export const audioOpenResponseSchema = z.object({
  nextSeq: z.int().min(0),
  sampleRate: z.int().positive(),
  /** Every chunk before it is covered by stored sentences: a sender may forget it. */
  committedSeq: z.int().min(0),
});
export type AudioOpenResponse = z.infer<typeof audioOpenResponseSchema>;

/** What the holder tells the sender on `asr.stream.<streamId>.out`. */
export const audioOutSchema = z.object({
  /** Every chunk up to it is taken (-1: none yet). */
  ackSeq: z.int().min(-1),
  committedSeq: z.int().min(0),
  state: z.enum(['recognising', 'reconnecting', 'provider_error', 'quota_exhausted', 'stopped']).optional(),
  message: z.string().optional(),
});
export type AudioOut = z.infer<typeof audioOutSchema>;

export const vocabularySchema = z.object({
  provider: z.enum(ASR_PROVIDERS).nullable(),
  /** The glossary terms the recogniser is given, in order. */
  sent: z.array(z.string()),
  /** Terms left out by the provider's limit. */
  omitted: z.int().min(0),
  limit: z.int().min(0),
});
export type Vocabulary = z.infer<typeof vocabularySchema>;
