import { z } from 'zod';
import { languageCodeSchema } from '../languages';

/** What language-model and speech tokens are spent on, as the analytics show them. */
export const ANALYTICS_TASKS = ['translation', 'interim', 'enhancement', 'summary', 'speech', 'recognition'] as const;
export const analyticsTaskSchema = z.enum(ANALYTICS_TASKS);
export type AnalyticsTask = z.infer<typeof analyticsTaskSchema>;

/**
 * Upper bounds (ms) of the caption delay histogram kept per room, minute and language; a delay above the last
 * falls in one more bucket. Percentiles are read as the upper bound of the bucket they fall in.
 */
export const CAPTION_DELAY_BUCKETS_MS = [
  100, 200, 300, 400, 500, 600, 700, 800, 900, 1_000, 1_250, 1_500, 1_750, 2_000, 2_500, 3_000, 4_000, 5_000, 6_000, 8_000, 10_000, 15_000,
  30_000,
] as const;

/** The bucket a delay falls in: the first whose upper bound it does not pass; the overflow bucket past the last. */
export function captionDelayBucket(ms: number): number {
  const at = CAPTION_DELAY_BUCKETS_MS.findIndex((bound) => ms <= bound);
  return at < 0 ? CAPTION_DELAY_BUCKETS_MS.length : at;
}

const count = z.int().min(0);
const countsBy = <K extends z.ZodType<string>>(key: K) => z.partialRecord(key, count);
const ms = z.int().min(0).nullable().meta({ description: 'Milliseconds; null without captions in that span' });
const delaySchema = z.object({ p50: ms, p95: ms });

/** One minute of a room (or, over all rooms, one day) as the charts draw it. */
export const analyticsPointSchema = z.object({
  /** ISO start of the minute (or the day, over all rooms). */
  at: z.string(),
  /** Most viewers at once in each language during the span. */
  viewers: countsBy(languageCodeSchema),
  sentences: count,
  /** Caption delay per language: from a sentence stored to its translation ready. */
  delay: z.partialRecord(languageCodeSchema, delaySchema),
  tokens: countsBy(analyticsTaskSchema),
  fallback: count,
  original: count,
});

export const analyticsTotalsSchema = z.object({
  peak_viewers: count.meta({ description: 'Most viewers at once, all languages together' }),
  unique_viewers: count.meta({ description: 'Distinct browsers that watched' }),
  sentences: count,
  tokens: count,
  tokens_by_task: countsBy(analyticsTaskSchema),
  /** Captions the fallback translator gave, and captions sent as the original text (`[Original]`). */
  fallback: count,
  original: count,
  delay: delaySchema,
  delay_by_language: z.partialRecord(languageCodeSchema, delaySchema),
  languages: z.array(languageCodeSchema),
});

export const analyticsReportSchema = z.object({
  /** The room; null for the report over all rooms. */
  room: z.object({ id: z.uuid(), name: z.string(), status: z.string(), created_at: z.string() }).nullable(),
  /** `minute` for a room, `day` for all rooms. */
  step: z.enum(['minute', 'day']),
  from: z.string().nullable(),
  to: z.string().nullable(),
  totals: analyticsTotalsSchema,
  points: z.array(analyticsPointSchema),
  /** A room's: what it may spend after its end, and what it spent since (null while it has not ended; the report over all rooms). */
  ended: z
    .object({
      at: z.string(),
      allowance: z.int().min(0).describe("Tokens the room may spend after its end (its owner's setting, or the deployment's default)"),
      spent: z.int().min(0).describe('Tokens it spent since its end'),
    })
    .nullable()
    .optional(),
});

/** The host page's panel: who watches now, and how late captions are. */
export const liveAnalyticsSchema = z.object({
  viewers: countsBy(languageCodeSchema),
  total: count,
  /** The latest minute with captions within the last two. */
  delay: z.partialRecord(languageCodeSchema, delaySchema),
  delay_at: z.string().nullable(),
});

export type AnalyticsPoint = z.infer<typeof analyticsPointSchema>;
export type AnalyticsTotals = z.infer<typeof analyticsTotalsSchema>;
export type AnalyticsReport = z.infer<typeof analyticsReportSchema>;
export type LiveAnalytics = z.infer<typeof liveAnalyticsSchema>;
export type CaptionDelay = z.infer<typeof delaySchema>;
