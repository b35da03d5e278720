import { z } from 'zod';
import { LIMITS } from '../constants';
import { cleanText } from '../text';

/** `POST /api/rooms` body. Anonymous callers may create rooms. */
export const createRoomBodySchema = z
  .object({
    name: cleanText('Room name').trim().max(LIMITS.roomNameMax, `Room name must be at most ${LIMITS.roomNameMax} characters`).optional(),
  })
  .strict();
export type CreateRoomBody = z.infer<typeof createRoomBodySchema>;
