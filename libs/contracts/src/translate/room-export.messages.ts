import { z } from 'zod';
import { languageCodeSchema } from '../languages';

/**
 * A page of a room's stored translations for its owner's archive, by seq then language, after the cursor
 * (`afterSeq`, `afterLang`; from the start with 0 and no language). Nothing is translated for it.
 */
export const roomTranslationsExportRequestSchema = z.object({
  roomId: z.uuid(),
  afterSeq: z.number().int().min(0),
  afterLang: z.string().max(10).optional(),
  limit: z.number().int().min(1).max(1000),
});

/** A room's stored summaries, for its owner's archive (a room has a few: one per language and moment asked). */
export const roomSummariesExportRequestSchema = z.object({ roomId: z.uuid() });
export const ROOM_SUMMARIES_EXPORT_MAX = 10_000;

export const storedTranslationSchema = z.object({
  messageId: z.string(),
  seq: z.int(),
  lang: languageCodeSchema,
  text: z.string(),
  fallback: z.enum(['service', 'original']).nullable(),
  createdAt: z.string(),
});

export const storedSummarySchema = z.object({
  lang: languageCodeSchema,
  fromSeq: z.int(),
  upToSeq: z.int(),
  text: z.string(),
  createdAt: z.string(),
});

export type RoomTranslationsExportRequest = z.infer<typeof roomTranslationsExportRequestSchema>;
export type StoredTranslation = z.infer<typeof storedTranslationSchema>;
export type StoredSummary = z.infer<typeof storedSummarySchema>;
