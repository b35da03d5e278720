import { z } from 'zod';
import { LIMITS, SCHEDULE } from '../constants';
import { languageCodeSchema } from '../languages';
import { endedAllowanceSchema, retentionSchema } from './retention';
import { roomOrderSchema, transcriptCursorSchema, updateRoomBodySchema } from './owner-rooms.dto';
import { roomStatusSchema, type RoomResponse } from './room.response';

/** Payloads of the rooms-svc bus subjects. */
const roomId = z.string().uuid();
const isoTimestamp = z.string().datetime({ offset: true });

const userId = z.string().uuid();

export const createRoomRequestSchema = z.object({
  name: z.string().max(LIMITS.roomNameMax).optional(),
  ownerId: userId.nullish(),
  origin: z.string().url(),
  /** The dashboard's create form (signed in only); the landing page sends none of these. */
  sourceLanguage: languageCodeSchema.nullish(),
  scheduledAt: isoTimestamp.nullish(),
  durationMinutes: z
    .number()
    .int()
    .refine((m) => (SCHEDULE.durations as readonly number[]).includes(m))
    .optional(),
  viewerDownloads: z.boolean().optional(),
  retention: retentionSchema.optional(),
  fastCaptions: z.boolean().optional(),
  questionsEnabled: z.boolean().optional(),
  /** Tokens the room may spend after it ends (null or absent: the deployment's default); its owner's only. */
  endedAllowance: endedAllowanceSchema.optional(),
  /** Addresses from the create form: each gets a speaker invite, and its link by mail. */
  invitedHosts: z.array(z.email()).max(20).optional(),
});

export const getRoomRequestSchema = z.object({ roomId });

/** Hosting needs the room's host key, or the session of the room's owner (the gateway verified the token). */
export const authorizeHostRequestSchema = z.union([
  z.object({ roomId, hostKey: z.string().min(16).max(200) }),
  z.object({ roomId, userId }),
]);

/** A room as its owner asks for it; any other caller is told it does not exist. */
export const ownerRoomRequestSchema = z.object({ roomId, ownerId: userId });
/** A page of the owner's transcript: the first, or the one after `after`. */
export const ownedTranscriptRequestSchema = ownerRoomRequestSchema.extend({ after: transcriptCursorSchema.optional() });

export const listOwnedRoomsRequestSchema = z.object({
  ownerId: userId,
  statuses: z.array(roomStatusSchema).optional(),
  order: roomOrderSchema,
  limit: z.number().int().min(1).max(100),
});

export const updateOwnedRoomRequestSchema = ownerRoomRequestSchema.extend({ changes: updateRoomBodySchema });

export const duplicateRoomRequestSchema = ownerRoomRequestSchema.extend({ origin: z.string().url() });

export const setOwnedRoomStatusRequestSchema = ownerRoomRequestSchema.extend({ status: z.enum(['active', 'ended']) });

/** A signed-in user takes an anonymous room whose host key it holds. */
export const claimRoomRequestSchema = z.object({ roomId, userId, hostKey: z.string().min(16).max(200) });

/** Every room of an owner, a page at a time, oldest first: `offset` rooms are skipped. */
export const exportOwnedRoomsRequestSchema = z.object({
  ownerId: userId,
  offset: z.number().int().min(0),
  limit: z.number().int().min(1).max(100),
});

/** Every room of an owner goes (the account is being deleted). */
export const purgeOwnerRequestSchema = z.object({ ownerId: userId });

export const adminDeleteRoomRequestSchema = z.object({ roomId });

/** What was deleted: the rooms, so that what other services keep of them goes too. */
export const roomsDeletedSchema = z.object({ roomIds: z.array(roomId) });

/** A room was deleted: its sockets get `room_end` and are closed. */
export const roomDeletedEventSchema = z.object({ roomId, timestamp: z.string(), messageId: z.string() });

/** A room as the admin panel lists it, before accounts-svc has put the owner's e-mail on it. */
export const adminRoomRowSchema = z.object({
  id: roomId,
  name: z.string(),
  owner_id: userId.nullable(),
  status: roomStatusSchema,
  created_at: z.string(),
  /** Whether a host connection of the room is open on any gateway now. */
  host_connected: z.boolean(),
});

export const roomStatsSchema = z.object({ total_rooms: z.number().int(), active_rooms: z.number().int() });

export const setStatusRequestSchema = z.object({
  roomId,
  status: roomStatusSchema,
  sourceLanguage: languageCodeSchema.optional(),
});

export const appendTranscriptRequestSchema = z.object({
  roomId,
  messageId: z.string().min(1).max(64),
  text: z.string().min(1).max(LIMITS.transcriptTextMax),
  sourceLanguage: languageCodeSchema,
  timestamp: isoTimestamp,
  confidence: z.number().min(0).max(1),
  speakerId: z.string().min(1).max(100),
  speakerName: z.string().max(100),
  /** True for an invited speaker: `speakerId` is its room_speakers id, which must still be there (not removed). */
  invitedSpeaker: z.boolean().optional(),
  /** Enhance Mode: translate-svc improves the sentence first (not stored here; carried on the stored event). */
  enhance: z.boolean().optional(),
  /** Recognised on the server (asr-svc): every page of its speaker shows it, the streaming one included. */
  recognised: z.boolean().optional(),
});

export const appendTranscriptResponseSchema = z.object({
  seq: z.number().int(),
  /** False when the message had been stored before (a resend). */
  created: z.boolean(),
});

export const listTranscriptRequestSchema = z.object({
  roomId,
  /** Given: the first `limit` messages with a greater seq. Absent: the room's latest `limit` messages. Oldest first either way. */
  afterSeq: z.number().int().min(0).optional(),
  limit: z.number().int().min(1).max(1000),
});

export const storedTranscriptSchema = z.object({
  roomId,
  messageId: z.string(),
  seq: z.number().int(),
  text: z.string(),
  sourceLanguage: languageCodeSchema,
  timestamp: z.string(),
  confidenceLevel: z.enum(['high', 'medium', 'low']),
  speakerId: z.string(),
  speakerName: z.string(),
  /** Only on the event of a newly stored sentence: its sender asked for Enhance Mode. */
  enhance: z.boolean().optional(),
  /** Only on the event of a newly stored sentence: recognised on the server. */
  recognised: z.boolean().optional(),
});

export const roomStatusChangedEventSchema = z.object({
  roomId,
  status: roomStatusSchema,
  sourceLanguage: languageCodeSchema.nullable(),
  timestamp: z.string(),
  messageId: z.string(),
});

/** A room with its latest transcript seq, as the gateway needs it to admit a socket. */
export interface RoomState {
  room: RoomResponse;
  lastSeq: number;
}

export type CreateRoomRequest = z.input<typeof createRoomRequestSchema>;
export type ListOwnedRoomsRequest = z.infer<typeof listOwnedRoomsRequestSchema>;
export type UpdateOwnedRoomRequest = z.infer<typeof updateOwnedRoomRequestSchema>;
export type RoomsDeleted = z.infer<typeof roomsDeletedSchema>;
export type RoomDeletedEvent = z.infer<typeof roomDeletedEventSchema>;
export type AdminRoomRow = z.infer<typeof adminRoomRowSchema>;
export type RoomStats = z.infer<typeof roomStatsSchema>;
export type GetRoomRequest = z.infer<typeof getRoomRequestSchema>;
export type AuthorizeHostRequest = z.infer<typeof authorizeHostRequestSchema>;
export type SetStatusRequest = z.infer<typeof setStatusRequestSchema>;
export type AppendTranscriptRequest = z.infer<typeof appendTranscriptRequestSchema>;
export type AppendTranscriptResponse = z.infer<typeof appendTranscriptResponseSchema>;
export type ListTranscriptRequest = z.infer<typeof listTranscriptRequestSchema>;
export type StoredTranscript = z.infer<typeof storedTranscriptSchema>;
export type RoomStatusChangedEvent = z.infer<typeof roomStatusChangedEventSchema>;
