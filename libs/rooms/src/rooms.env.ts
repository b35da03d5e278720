import { z } from 'zod';
import { analyticsFlushMsSchema } from '@lt/usage';

/** Settings of rooms-svc. */
export const roomsEnvSchema = z.object({
  /** How often the retention job deletes the content of rooms that is due (ms; 1 hour by default, 0 turns it off). */
  RETENTION_JOB_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(3_600_000),
  /** How often this service writes the rooms' per-minute analytics (ms; a minute by default). */
  ANALYTICS_FLUSH_MS: analyticsFlushMsSchema,
  /**
   * The key viewer ids are hashed with (HMAC) before they are stored for unique viewers; the same on every
   * replica. Unset: a key of this process (a viewer back after a restart counts again).
   */
  VIEWER_ID_KEY: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(16).optional()),
  /**
   * Tokens an ended room may spend when its owner set no other (the analytics show it); the same value as
   * translate-svc's, which applies it.
   */
  ENDED_ROOM_TOKEN_ALLOWANCE: z.coerce.number().int().min(0).max(1_000_000).default(2_000),
  /** New viewer ids counted per room a minute at most (random ids cannot inflate unique viewers without bound). */
  NEW_VIEWERS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000_000).default(5_000),
});

export type RoomsEnv = z.infer<typeof roomsEnvSchema>;
export const ROOMS_ENV = Symbol('ROOMS_ENV');
