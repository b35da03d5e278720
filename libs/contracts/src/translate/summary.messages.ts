import { z } from 'zod';
import { requestRoute } from '../bus/route';
import { languageCodeSchema } from '../languages';
import { SUMMARY_SEQ_STEP } from '../constants';

/** `POST /api/rooms/:roomId/summary` body: the whole session so far, or (catch me up) what came after `sinceSeq`. */
export const summaryBodySchema = z
  .object({
    lang: languageCodeSchema,
    sinceSeq: z
      .int()
      .min(0)
      .optional()
      .describe(`Summarise only what was said after this seq (rounded down to a multiple of ${SUMMARY_SEQ_STEP})`),
  })
  .strict();
export type SummaryBody = z.infer<typeof summaryBodySchema>;

/** `GET /api/rooms/:roomId/summary?lang=&sinceSeq=`: the same question as a URL, which an edge cache may keep. */
export const summaryQuerySchema = z
  .object({
    lang: languageCodeSchema,
    sinceSeq: z.coerce
      .number()
      .int()
      .min(0)
      .optional()
      .describe(summaryBodySchema.shape.sinceSeq.description ?? ''),
  })
  .strict();

export const summaryResponseSchema = z
  .object({
    summary: z.string(),
    /** The last seq the summary covers: the transcript version it was made from. */
    upToSeq: z.int(),
    /** It covers the messages after this seq (0: from the start). */
    fromSeq: z.int(),
  })
  .meta({ id: 'Summary' });
export type SummaryResponse = z.infer<typeof summaryResponseSchema>;

export const summaryRequestSchema = summaryBodySchema.extend({ roomId: z.uuid() });
export type SummaryRequest = z.infer<typeof summaryRequestSchema>;

/** Bus subjects of summaries, served by translate-svc. */
export const SUMMARY_SUBJECTS = {
  /** request: a summary of a room in a language, made at most once per (room, language, span of the transcript) */
  summarize: requestRoute('translate.summary.create', summaryRequestSchema, summaryResponseSchema),
} as const;
