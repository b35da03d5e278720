import { z } from 'zod';
import { languageCodeSchema } from '../languages';
import { endedAllowanceSchema, retentionSchema } from './retention';

export const roomStatusSchema = z.enum(['scheduled', 'active', 'ended']);
export type RoomStatus = z.infer<typeof roomStatusSchema>;

const timestamp = z.iso.datetime().meta({ examples: ['2025-05-01T09:30:00.000Z'] });
const roomId = z.uuid().meta({ examples: ['8a6f2a0e-7a43-4d2c-9f57-1c1f1b0f9b11'] });
const userId = z.uuid().meta({ examples: ['3f0c2a9e-5b1d-4c7a-9e2f-6d8b1a4c7e90'] });

/** A room as the API returns it (a `rooms` row). */
export const roomResponseSchema = z
  .object({
    id: roomId,
    owner_id: userId.nullable().describe('null for a room created without signing in'),
    name: z.string(),
    source_language: languageCodeSchema.nullable().describe('Set when the host starts the room'),
    status: roomStatusSchema,
    viewer_link: z.string().describe('The public link viewers open'),
    scheduled_at: timestamp.nullable(),
    duration_minutes: z.int().describe('Planned length, from the create form (default 60)'),
    viewer_downloads: z.boolean().describe("Whether viewers may read and download the room's transcript (default true)"),
    retention: retentionSchema,
    transcript_deleted_at: timestamp
      .nullable()
      .describe('When the transcript, translations, summaries and audio were last deleted by the retention setting; null if never'),
    fast_captions: z
      .boolean()
      .describe('Fast captions: interim lines are translated for the viewers while the speaker talks (default true)'),
    questions_enabled: z.boolean().describe('Whether the audience may ask questions (default false)'),
    ended_allowance: endedAllowanceSchema,
    ended_at: timestamp
      .nullable()
      .describe('When the room last ended (its ended allowance counts from then; a later edit does not move it); null if never'),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'Room' });

/**
 * How an ended room went, measured when it ended: its messages, those with a provider's translation into at
 * least one language (not what viewers read untranslated), and their share in percent.
 */
export const roomEvaluationSchema = z
  .object({
    start_time: timestamp.describe('When the room was created'),
    end_time: timestamp.describe('When the room last ended'),
    total_messages: z.int().min(0),
    translated_messages: z
      .int()
      .min(0)
      .describe('Messages with a stored translation into at least one language that is not a fallback to the original'),
    success_rate: z
      .number()
      .min(0)
      .max(100)
      .describe('translated_messages / total_messages in percent, two decimals; 100 when nothing was said'),
  })
  .meta({ id: 'RoomEvaluation' });

/** A room in the owner's lists: an ended one carries its evaluation. */
export const ownedRoomSchema = roomResponseSchema
  .extend({ evaluation: roomEvaluationSchema.nullable().describe('null until the room has ended') })
  .meta({ id: 'OwnedRoom' });

/** `POST /api/rooms` answer: the host key is returned this once only. */
export const createRoomResponseSchema = z
  .object({
    room: roomResponseSchema,
    hostKey: z.string().describe('Lets the host speak in the room; shown this once only'),
  })
  .meta({ id: 'CreateRoomResponse' });

/** `GET /api/view/:roomId`: what anyone holding the viewer link may know. */
export const publicRoomResponseSchema = z
  .object({
    id: roomId,
    name: z.string(),
    status: roomStatusSchema,
    source_language: languageCodeSchema.nullable(),
    viewer_downloads: z.boolean().describe('Whether viewers may read and download the transcript'),
    questions_enabled: z.boolean().describe('Whether the audience may ask questions'),
  })
  .meta({ id: 'PublicRoom', description: 'What anyone holding the viewer link may know of a room' });

export type RoomResponse = z.infer<typeof roomResponseSchema>;
export type RoomEvaluation = z.infer<typeof roomEvaluationSchema>;
export type OwnedRoom = z.infer<typeof ownedRoomSchema>;
export type CreateRoomResponse = z.infer<typeof createRoomResponseSchema>;
export type PublicRoomResponse = z.infer<typeof publicRoomResponseSchema>;

export { defaultRoomName } from './room-rules';
