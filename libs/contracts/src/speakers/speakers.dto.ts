import { z } from 'zod';
import { LIMITS } from '../constants';
import { hostLanguageCodeSchema, languageCodeSchema } from '../languages';
import { roomIdSchema } from '../rooms/room-id.dto';
import { publicRoomResponseSchema } from '../rooms/room.response';
import { cleanText } from '../text';

/**
 * Co-host speakers (room_speakers): the owner invites them by a secret link, and whoever holds the
 * link's token may verify it, join the room as a speaker and leave it. The token is shown once, in the link.
 */

const timestamp = z.iso.datetime().meta({ examples: ['2025-05-01T09:30:00.000Z'] });
const speakerId = z.uuid('Speaker id must be a uuid').meta({ examples: ['5c1e0f3a-9d2b-4e7f-8a6c-2b4d6f8a0c1e'] });

export const speakerNameSchema = cleanText('Speaker name')
  .trim()
  .min(1, 'Speaker name is required')
  .max(LIMITS.speakerNameMax, `Speaker name must be at most ${LIMITS.speakerNameMax} characters`);

/** An invite token as handed out in the link (43 base64url characters); anything far off is not one. */
export const inviteTokenSchema = cleanText('Invite token').min(16).max(200);

/** Active while joined, Joined once joined and since left, Invited before joining. */
export const speakerStatusSchema = z.enum(['active', 'joined', 'invited']);
export type SpeakerStatus = z.infer<typeof speakerStatusSchema>;

export const speakerResponseSchema = z
  .object({
    id: speakerId,
    room_id: roomIdSchema,
    speaker_name: z.string(),
    speaker_role: z.literal('co-host'),
    is_active: z.boolean(),
    input_language: languageCodeSchema.nullable(),
    joined_at: timestamp.nullable(),
    created_at: timestamp,
    status: speakerStatusSchema.describe('What the Manage Speakers panel shows: Active, Joined or Invited'),
  })
  .meta({ id: 'Speaker' });
export type SpeakerResponse = z.infer<typeof speakerResponseSchema>;

/** `GET /api/rooms/:roomId/speakers`: oldest invite first. */
export const speakerListResponseSchema = z.object({ speakers: z.array(speakerResponseSchema) }).meta({ id: 'SpeakerList' });
export type SpeakerListResponse = z.infer<typeof speakerListResponseSchema>;

/** `POST /api/rooms/:roomId/speakers`. */
export const createSpeakerBodySchema = z.object({ name: speakerNameSchema }).strict();
export type CreateSpeakerBody = z.infer<typeof createSpeakerBodySchema>;

export const createSpeakerResponseSchema = z
  .object({
    speaker: speakerResponseSchema,
    inviteLink: z
      .string()
      .describe('`{origin}/speak/{roomId}?token=…&name=…`: the only time the token is shown')
      .meta({ examples: ['https://rooms.example/speak/8a6f2a0e-7a43-4d2c-9f57-1c1f1b0f9b11?token=…&name=Ana'] }),
  })
  .meta({ id: 'SpeakerInvite' });
export type CreateSpeakerResponse = z.infer<typeof createSpeakerResponseSchema>;

export const speakerParamsSchema = z.object({ roomId: roomIdSchema, speakerId });
export type SpeakerParams = z.infer<typeof speakerParamsSchema>;

/** `POST /api/speak/verify` and `/leave`. */
export const speakAccessBodySchema = z.object({ roomId: roomIdSchema, token: inviteTokenSchema }).strict();
export type SpeakAccessBody = z.infer<typeof speakAccessBodySchema>;

/** `POST /api/speak/join`: a speaker must pick its input language before joining. */
export const speakJoinBodySchema = speakAccessBodySchema.extend({ lang: hostLanguageCodeSchema }).strict();
export type SpeakJoinBody = z.infer<typeof speakJoinBodySchema>;

/** What an invite token opens: the speaker it names and what a speaker may know of the room. */
export const speakerAccessResponseSchema = z
  .object({ speaker: speakerResponseSchema, room: publicRoomResponseSchema })
  .meta({ id: 'SpeakerAccess' });
export type SpeakerAccessResponse = z.infer<typeof speakerAccessResponseSchema>;

export const INVALID_INVITE_MESSAGE = 'Invalid or expired invite token';

/** The link a speaker opens: `/speak/{roomId}?token={inviteToken}&name={speakerName}`. */
export function speakerInviteLink(origin: string, roomId: string, token: string, name: string): string {
  return `${origin.replace(/\/+$/, '')}/speak/${roomId}?token=${encodeURIComponent(token)}&name=${encodeURIComponent(name)}`;
}

/** The local part of an address, as the name of a speaker invited by e-mail. */
export function speakerNameFromEmail(email: string): string {
  const local = email.split('@')[0].trim().slice(0, LIMITS.speakerNameMax).trim();
  return local || 'Speaker';
}
