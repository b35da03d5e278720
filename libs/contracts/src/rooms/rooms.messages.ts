import { z } from 'zod';
import { LIMITS } from '../constants';
import { languageCodeSchema } from '../languages';
import { roomStatusSchema, type RoomResponse } from './room.response';

/** Payloads of the rooms-svc bus subjects. */
const roomId = z.string().uuid();
const isoTimestamp = z.string().datetime({ offset: true });

export const createRoomRequestSchema = z.object({
  name: z.string().max(LIMITS.roomNameMax).optional(),
  ownerId: z.string().uuid().nullish(),
  origin: z.string().url(),
});

export const getRoomRequestSchema = z.object({ roomId });

export const authorizeHostRequestSchema = z.object({ roomId, hostKey: z.string().min(16).max(200) });

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
export type GetRoomRequest = z.infer<typeof getRoomRequestSchema>;
export type AuthorizeHostRequest = z.infer<typeof authorizeHostRequestSchema>;
export type SetStatusRequest = z.infer<typeof setStatusRequestSchema>;
export type AppendTranscriptRequest = z.infer<typeof appendTranscriptRequestSchema>;
export type AppendTranscriptResponse = z.infer<typeof appendTranscriptResponseSchema>;
export type ListTranscriptRequest = z.infer<typeof listTranscriptRequestSchema>;
export type StoredTranscript = z.infer<typeof storedTranscriptSchema>;
export type RoomStatusChangedEvent = z.infer<typeof roomStatusChangedEventSchema>;
