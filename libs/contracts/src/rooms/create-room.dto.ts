import { z } from 'zod';
import { LIMITS } from '../constants';

/** `POST /api/rooms` body. Anonymous callers may create rooms. */
export const createRoomBodySchema = z
  .object({
    name: z
      .string()
      .trim()
      .max(LIMITS.roomNameMax, `Room name must be at most ${LIMITS.roomNameMax} characters`)
      .optional(),
  })
  .strict();
export type CreateRoomBody = z.infer<typeof createRoomBodySchema>;
