import { z } from 'zod';

export const roomIdSchema = z.uuid('Room id must be a uuid').meta({ examples: ['8a6f2a0e-7a43-4d2c-9f57-1c1f1b0f9b11'] });

/** `GET /api/view/:roomId` path parameters. */
export const roomIdParamsSchema = z.object({ roomId: roomIdSchema });
export type RoomIdParams = z.infer<typeof roomIdParamsSchema>;
