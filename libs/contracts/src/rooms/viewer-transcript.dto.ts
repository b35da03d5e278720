import { z } from 'zod';
import { HOST_KEY_HEADER, hostKeySchema } from '../glossary/glossary.dto';
import { CLIENT_ID_HEADER, clientIdSchema } from '../http/client-id';
import { languageCodeSchema } from '../languages';
import { transcriptCursorSchema, transcriptExportQuerySchema, transcriptMessageSchema } from './owner-rooms.dto';
import { roomIdSchema } from './room-id.dto';

/**
 * A room's transcript for whoever holds its viewer link (`/api/view/:roomId/transcript…`): read on the viewer
 * page in a language, or downloaded as a file. The room's host key in `X-Host-Key` opens it too, for the
 * host page, even when the owner turned viewer downloads off.
 */

const timestamp = z.iso.datetime({ offset: true }).meta({ examples: ['2025-05-01T09:30:00.000Z'] });

/** The headers of the viewer's transcript calls: its client id (for the rate limit) and, from the host page, the host key. */
export const viewerTranscriptHeadersSchema = z.object({
  [CLIENT_ID_HEADER]: clientIdSchema.optional(),
  [HOST_KEY_HEADER]: hostKeySchema
    .optional()
    .describe("The room's host key (the host page): opens the transcript even when viewer downloads are off"),
});

/** `GET /api/view/:roomId/transcript?lang=` and its files' `?lang=&tz=`: without `lang`, as spoken. */
export const viewerTranscriptQuerySchema = transcriptExportQuerySchema;
export type ViewerTranscriptQuery = z.infer<typeof viewerTranscriptQuerySchema>;

/** What a viewer may know of the room beside its transcript. */
export const transcriptRoomSchema = z.object({
  name: z.string(),
  source_language: languageCodeSchema.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});

export const viewerTranscriptLineSchema = z.object({
  message_id: z.string(),
  seq: z.int(),
  timestamp,
  speaker_name: z.string(),
  text: z.string().describe('In `lang`: the stored translation, one made now when missing, or the original when none could be made'),
});

/** `GET /api/view/:roomId/transcript`: every stored line in the order spoken, in `lang` (as spoken without it). */
export const viewerTranscriptResponseSchema = z
  .object({
    room: transcriptRoomSchema,
    lang: languageCodeSchema.nullable().describe('The language of the lines; null when they are as spoken'),
    dir: z.enum(['ltr', 'rtl']).describe('The direction of that language'),
    lines: z.array(viewerTranscriptLineSchema),
  })
  .meta({ id: 'ViewerTranscript' });
export type ViewerTranscriptResponse = z.infer<typeof viewerTranscriptResponseSchema>;

/** Bus: the transcript for a viewer (no host key) or the host (its key). */
export const publicTranscriptRequestSchema = z.object({
  roomId: roomIdSchema,
  hostKey: hostKeySchema.optional(),
  /** The page after this line (by spoken time, then seq); the first page without it. */
  after: transcriptCursorSchema.optional(),
});
export type PublicTranscriptRequest = z.infer<typeof publicTranscriptRequestSchema>;

/** A page of the transcript (sized in bytes, see BUS_PAGE_BYTES) and whether more follows it. */
export const publicTranscriptSchema = z.object({
  room: transcriptRoomSchema,
  messages: z.array(transcriptMessageSchema),
  more: z.boolean(),
});
export type PublicTranscript = z.infer<typeof publicTranscriptSchema>;
