import { z } from 'zod';

/** Settings of rooms-svc. */
export const roomsEnvSchema = z.object({
  /** How often the retention job deletes the content of rooms that is due (ms; 1 hour by default, 0 turns it off). */
  RETENTION_JOB_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(3_600_000),
});

export type RoomsEnv = z.infer<typeof roomsEnvSchema>;
export const ROOMS_ENV = Symbol('ROOMS_ENV');
