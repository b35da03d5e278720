import { z } from 'zod';
import { analyticsFlushMsSchema } from '@lt/platform';

/** Settings of rooms-svc. */
export const roomsEnvSchema = z.object({
  /** How often the retention job deletes the content of rooms that is due (ms; 1 hour by default, 0 turns it off). */
  RETENTION_JOB_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(3_600_000),
  /** How often this service writes the rooms' per-minute analytics (ms; a minute by default). */
  ANALYTICS_FLUSH_MS: analyticsFlushMsSchema,
});

export type RoomsEnv = z.infer<typeof roomsEnvSchema>;
export const ROOMS_ENV = Symbol('ROOMS_ENV');
