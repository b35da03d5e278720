import { z } from 'zod';
import { languageCodeSchema } from '../languages';

/**
 * A page of a room's stored translations for its owner's archive, by seq then language, after the cursor
 * (`afterSeq`, `afterLang`; from the start with 0 and no language). Nothing is translated for it. A page holds
 * `limit` rows at most and BUS_PAGE_BYTES at most: the caller reads until an empty page.
 */
export const roomTranslationsExportRequestSchema = z.object({
  roomId: z.uuid(),
  afterSeq: z.number().int().min(0),
  afterLang: z.string().max(10).optional(),
  limit: z.number().int().min(1).max(1000),
});

/**
 * A page of a room's stored summaries, for its owner's archive (a room has a few: one per language and moment asked),
 * the first `offset` skipped; within BUS_PAGE_BYTES, the caller reads until an empty page.
 */
export const roomSummariesExportRequestSchema = z.object({ roomId: z.uuid(), offset: z.number().int().min(0).optional() });
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
