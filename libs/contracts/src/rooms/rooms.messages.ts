import type { ConfidenceLevel } from '../confidence';
import type { LanguageCode } from '../languages';
import type { RoomResponse, RoomStatus } from './room.response';

/** Payloads of the rooms-svc bus subjects. */
export interface CreateRoomRequest {
  name?: string;
  ownerId?: string | null;
  origin: string;
}

export interface GetRoomRequest {
  roomId: string;
}

export interface AuthorizeHostRequest {
  roomId: string;
  hostKey: string;
}

export interface SetStatusRequest {
  roomId: string;
  status: RoomStatus;
  sourceLanguage?: LanguageCode;
}

export interface AppendTranscriptRequest {
  roomId: string;
  messageId: string;
  text: string;
  sourceLanguage: LanguageCode;
  timestamp: string;
  confidence: number;
  speakerId: string;
  speakerName: string;
}

export interface AppendTranscriptResponse {
  seq: number;
  /** False when the message had been stored before (a resend). */
  created: boolean;
}

export interface ListTranscriptRequest {
  roomId: string;
  /** Given: the first `limit` messages with a greater seq. Absent: the room's latest `limit` messages. Oldest first either way. */
  afterSeq?: number;
  limit: number;
}

export interface StoredTranscript {
  roomId: string;
  messageId: string;
  seq: number;
  text: string;
  sourceLanguage: LanguageCode;
  timestamp: string;
  confidenceLevel: ConfidenceLevel;
  speakerId: string;
  speakerName: string;
}

export interface RoomStatusChangedEvent {
  roomId: string;
  status: RoomStatus;
  sourceLanguage: LanguageCode | null;
  timestamp: string;
  messageId: string;
}

/** A room with its latest transcript seq, as the gateway needs it to admit a socket. */
export interface RoomState {
  room: RoomResponse;
  lastSeq: number;
}
