import { z } from 'zod';

/** Each service's answer to its health request: it answers at all, and whether it reaches its database. */
export const serviceHealthSchema = z.object({
  status: z.enum(['up', 'down']),
  /** Absent for a service without a database (tts-svc). */
  database: z.enum(['up', 'down']).optional(),
  detail: z.string().optional(),
});
export type ServiceHealth = z.infer<typeof serviceHealthSchema>;
