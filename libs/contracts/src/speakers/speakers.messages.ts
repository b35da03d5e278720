import { z } from 'zod';
import { languageCodeSchema } from '../languages';
import type { PublicRoomResponse } from '../rooms/room.response';
import { inviteTokenSchema, speakerNameSchema } from './speakers.dto';

/** Payloads of rooms-svc's speaker subjects. */
const roomId = z.uuid();
const ownerId = z.uuid();
const speakerId = z.uuid();

export const ownerSpeakersRequestSchema = z.object({ roomId, ownerId });
export const inviteSpeakerRequestSchema = z.object({ roomId, ownerId, name: speakerNameSchema, origin: z.url() });
export const removeSpeakerRequestSchema = z.object({ roomId, ownerId, speakerId });

export const speakerTokenRequestSchema = z.object({ roomId, token: inviteTokenSchema });
export const joinSpeakerRequestSchema = speakerTokenRequestSchema.extend({ lang: languageCodeSchema });

/** A speaker leaves with its token (the Speaker room), or by its id when its socket closes (the gateway). */
export const leaveSpeakerRequestSchema = z.union([speakerTokenRequestSchema, z.object({ roomId, speakerId })]);

/** A socket joining as speaker: the token must be one of this room's; with `lang`, the speaker is marked active in it. */
export const authorizeSpeakerRequestSchema = speakerTokenRequestSchema.extend({ lang: languageCodeSchema.optional() });

/** The room, as the gateway admits a socket to it (with its latest seq), and the speaker the token belongs to. */
export interface SpeakerRoomState {
  room: PublicRoomResponse;
  lastSeq: number;
  speaker: { id: string; name: string };
}

/** Sent by a gateway to every gateway of the room: the speaker's socket joined (1 s after, then repeated while it stays) or left. */
export const speakerPresenceEventSchema = z.object({
  type: z.enum(['speaker_joined', 'speaker_left']),
  roomId,
  messageId: z.string(),
  timestamp: z.string(),
  speakerId: z.string(),
  speakerName: z.string(),
  /** A joined speaker expires unless said again within this many ms (its gateway may be killed without a word). */
  ttlMs: z.number().int().positive().optional(),
  /** A repeat of `speaker_joined` that keeps the speaker present: no news for the sockets. */
  heartbeat: z.boolean().optional(),
});

/** The owner removed a speaker: its token no longer works, and gateways close its sockets. */
export const speakerRemovedEventSchema = z.object({ roomId, speakerId, timestamp: z.string(), messageId: z.string() });

export type InviteSpeakerRequest = z.infer<typeof inviteSpeakerRequestSchema>;
export type LeaveSpeakerRequest = z.infer<typeof leaveSpeakerRequestSchema>;
export type AuthorizeSpeakerRequest = z.infer<typeof authorizeSpeakerRequestSchema>;
export type SpeakerPresenceEvent = z.infer<typeof speakerPresenceEventSchema>;
export type SpeakerRemovedEvent = z.infer<typeof speakerRemovedEventSchema>;
