import { z } from 'zod';
import { isTimeZone, TRANSCRIPT_FORMATS } from './room-rules';
import { SCHEDULE } from '../constants';
import { hostLanguageCodeSchema, languageCodeSchema } from '../languages';
import { interfaceLocaleSchema } from '../auth/auth.response';
import { cleanText } from '../text';
import { endedAllowanceSchema, retentionSchema } from './retention';
import { ownedRoomSchema, roomResponseSchema, roomStatusSchema } from './room.response';

/**
 * The owner's rooms API (`/api/rooms…`, signed in): the dashboard's lists, the create and edit forms,
 * start / end, duplicate, and the transcript with its exports. Another user's room answers 404 everywhere.
 */

const timestamp = z.iso.datetime({ offset: true }).meta({ examples: ['2025-05-01T09:30:00.000Z'] });

/** The orders the dashboard asks for: the latest created, the next scheduled, the latest updated. */
export const roomOrderSchema = z.enum(['created_desc', 'scheduled_asc', 'updated_desc']);
export type RoomOrder = z.infer<typeof roomOrderSchema>;

export const durationMinutesSchema = z.literal(SCHEDULE.durations).describe(`One of ${SCHEDULE.durations.join(', ')} minutes`);

/** `GET /api/rooms` query: `status` is one status or a comma list (`scheduled,active`). */
export const listRoomsQuerySchema = z
  .object({
    status: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v === '') return undefined;
        const parts = v.split(',').map((s) => s.trim());
        const parsed = z.array(roomStatusSchema).safeParse(parts);
        if (!parsed.success) {
          ctx.addIssue({ code: 'custom', message: 'status must be scheduled, active or ended, or a comma list of them' });
          return z.NEVER;
        }
        return [...new Set(parsed.data)];
      })
      .meta({ description: 'scheduled, active, ended, or a comma list such as `scheduled,active`' }),
    order: roomOrderSchema.default('created_desc'),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .strict();
export type ListRoomsQuery = z.output<typeof listRoomsQuerySchema>;

export const roomListResponseSchema = z
  .object({
    rooms: z.array(ownedRoomSchema),
    total: z.int().min(0).describe('How many rooms of the caller match the status asked, also beyond `limit`'),
  })
  .meta({ id: 'RoomList' });
export type RoomListResponse = z.infer<typeof roomListResponseSchema>;

/** Whether viewers may read and download the transcript; on unless the owner turns it off. */
export const viewerDownloadsSchema = z
  .boolean()
  .describe("Viewers may read and download the room's transcript (true when absent at creation)");

/** Fast captions: interim lines translated for the viewers while the speaker talks; on unless turned off. */
export const fastCaptionsSchema = z
  .boolean()
  .describe('Interim lines are translated for the viewers while the speaker talks (true when absent at creation)');
/** Whether the audience may ask questions; off unless the owner or host turns it on. */
export const questionsEnabledSchema = z
  .boolean()
  .describe('The audience may ask questions and upvote them (false when absent at creation)');

const roomName = cleanText('Room name').trim().min(1, 'Room name is required').max(50, 'Room name must be at most 50 characters');

/**
 * `POST /api/rooms` from the dashboard's create form (signed in). `scheduled_at` is set only when the form
 * had both a date and a time (the client turns them into an instant in its own time zone). The landing page
 * sends only `name` (optional there).
 */
export const createOwnedRoomBodySchema = z
  .object({
    name: roomName,
    source_language: hostLanguageCodeSchema.nullish(),
    scheduled_at: timestamp.nullish(),
    duration_minutes: durationMinutesSchema.optional(),
    viewer_downloads: viewerDownloadsSchema.optional(),
    retention: retentionSchema.optional(),
    fast_captions: fastCaptionsSchema.optional(),
    questions_enabled: questionsEnabledSchema.optional(),
    ended_allowance: endedAllowanceSchema.optional(),
    /** Addresses that will get a speaker link by e-mail (comma-separated in the form). */
    invited_hosts: z.array(z.email('Each invited host must be an e-mail address')).max(20).optional(),
  })
  .strict();
export type CreateOwnedRoomBody = z.infer<typeof createOwnedRoomBodySchema>;

/** `PATCH /api/rooms/:roomId` (edit room): only what is sent changes; `null` clears. */
export const updateRoomBodySchema = z
  .object({
    name: roomName.optional(),
    source_language: hostLanguageCodeSchema.nullable().optional(),
    scheduled_at: timestamp.nullable().optional(),
    duration_minutes: durationMinutesSchema.optional(),
    viewer_downloads: viewerDownloadsSchema.optional(),
    retention: retentionSchema.optional(),
    fast_captions: fastCaptionsSchema.optional(),
    questions_enabled: questionsEnabledSchema.optional(),
    ended_allowance: endedAllowanceSchema.optional(),
  })
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'Nothing to change');
export type UpdateRoomBody = z.infer<typeof updateRoomBodySchema>;

/** `POST /api/rooms/:roomId/claim`: a signed-in user takes ownership of an anonymous room it holds the key of. */
export const claimRoomBodySchema = z.object({ hostKey: z.string().min(16).max(200) }).strict();
export type ClaimRoomBody = z.infer<typeof claimRoomBodySchema>;

export const confidenceLevelSchema = z.enum(['high', 'medium', 'low']);

/** One stored message of a room's transcript (a message_logs row, with its seq). */
export const transcriptMessageSchema = z
  .object({
    message_id: z.string(),
    seq: z.int(),
    text: z.string(),
    message_timestamp: timestamp,
    confidence_level: confidenceLevelSchema,
    speaker_id: z.string(),
    speaker_name: z.string(),
  })
  .meta({ id: 'TranscriptMessage' });

/** `GET /api/rooms/:roomId/transcript`: every message, by `message_timestamp` ascending. */
export const transcriptResponseSchema = z
  .object({ room: roomResponseSchema, messages: z.array(transcriptMessageSchema) })
  .meta({ id: 'Transcript' });
export type TranscriptMessage = z.infer<typeof transcriptMessageSchema>;

/** Where a page of a transcript read on the bus ends: its last line's spoken time and seq (the order of a transcript). */
export const transcriptCursorSchema = z.object({ timestamp: z.iso.datetime({ offset: true }), seq: z.number().int() });
export type TranscriptCursor = z.infer<typeof transcriptCursorSchema>;
/** A page of the owner's transcript on the bus (sized in bytes) and whether more follows it. */
export type TranscriptPage = TranscriptResponse & { more: boolean };
export type TranscriptResponse = z.infer<typeof transcriptResponseSchema>;

export const transcriptFormatSchema = z.enum(TRANSCRIPT_FORMATS);
export type TranscriptFormat = z.infer<typeof transcriptFormatSchema>;

export { isTimeZone } from './room-rules';

export const timeZoneSchema = z
  .string()
  .max(64)
  .refine(isTimeZone, 'tz must be an IANA time zone such as Europe/Madrid')
  .meta({ description: 'IANA time zone of the dates and times in the file (UTC when absent)', examples: ['Europe/Madrid'] });

/** A BCP 47 tag that Intl reads (`en-US`, `es-ES`): how the reader's page writes dates and times. */
export const dateLocaleSchema = z
  .string()
  .min(2)
  .max(35)
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/, 'locale must be a BCP 47 tag such as en-US')
  .refine((tag) => {
    try {
      return Intl.getCanonicalLocales(tag).length === 1;
    } catch {
      return false;
    }
  }, 'locale must be a BCP 47 tag such as en-US')
  .meta({
    description: "The locale of the reader's page: the .txt writes its date and times as the page shows them (12 or 24 hours)",
    examples: ['en-US'],
  });

/**
 * `GET /api/rooms/:roomId/transcript.{txt,srt,vtt}?lang=&tz=&ui=&locale=`: the messages as spoken by default; with `lang`,
 * in that language (stored translations, the missing ones translated once and kept). `ui` is the interface
 * language of the file's labels and name (Spanish when absent), apart from the language of the messages.
 */
export const transcriptExportQuerySchema = z
  .object({
    lang: languageCodeSchema.optional(),
    tz: timeZoneSchema.optional(),
    ui: interfaceLocaleSchema.optional().describe("The interface language of the file's labels and name (es when absent)"),
    locale: dateLocaleSchema.optional(),
  })
  .strict();
export type TranscriptExportQuery = z.infer<typeof transcriptExportQuerySchema>;
