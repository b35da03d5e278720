import { z } from 'zod';
import { requestRoute } from '../bus/route';
import { hostAccessSchema } from '../rooms/host-access';
import { languageCodeSchema } from '../languages';
import { analyticsReportSchema, analyticsTaskSchema, CAPTION_DELAY_BUCKETS_MS, liveAnalyticsSchema } from './analytics.dto';

const count = z.int().min(0);

/** One room's minute as a service that translates or speaks counted it. */
export const recordedMinuteSchema = z.object({
  roomId: z.uuid(),
  /** ISO start of the minute. */
  minute: z.iso.datetime(),
  sentences: count.optional(),
  tokens: z.partialRecord(analyticsTaskSchema, count).optional(),
  languages: z
    .array(
      z.object({
        lang: languageCodeSchema,
        /** Captions per bucket of CAPTION_DELAY_BUCKETS_MS (and the overflow bucket). */
        delays: z.array(count).max(CAPTION_DELAY_BUCKETS_MS.length + 1),
        fallback: count,
        original: count,
      }),
    )
    .max(100)
    .optional(),
});
export type RecordedMinute = z.infer<typeof recordedMinuteSchema>;

export const recordAnalyticsRequestSchema = z.object({ minutes: z.array(recordedMinuteSchema).max(5_000) });

/** Who asks for a room's analytics: its owner (the session) or a holder of its host key (the host page). */
export const roomAnalyticsRequestSchema = z.object({ roomId: z.uuid(), access: hostAccessSchema });

export const ANALYTICS_SUBJECTS = {
  /** request (translate-svc, tts-svc → rooms-svc): add what they counted, about once a minute */
  record: requestRoute('rooms.analytics.record', recordAnalyticsRequestSchema, z.object({ rooms: count })),
  /** request (gateway): a room's report, for its owner or its host key */
  room: requestRoute('rooms.analytics.room', roomAnalyticsRequestSchema, analyticsReportSchema),
  /** request (gateway): who watches a room now and its caption delay now */
  live: requestRoute('rooms.analytics.live', roomAnalyticsRequestSchema, liveAnalyticsSchema),
  /** request (gateway, for an admin): every room's figures, per day, over the last `days` days */
  all: requestRoute('rooms.analytics.all', z.object({ days: z.int().min(1).max(366) }), analyticsReportSchema),
} as const;
