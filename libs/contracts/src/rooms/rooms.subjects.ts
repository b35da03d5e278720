import { z } from 'zod';
import { requestRoute, roomEventRoute, typed } from '../bus/route';
import type { CreateRoomResponse, RoomResponse } from './room.response';
import {
  appendTranscriptRequestSchema,
  appendTranscriptResponseSchema,
  authorizeHostRequestSchema,
  createRoomRequestSchema,
  getRoomRequestSchema,
  listTranscriptRequestSchema,
  roomStatusChangedEventSchema,
  setStatusRequestSchema,
  storedTranscriptSchema,
  type RoomState,
} from './rooms.messages';

/** Bus subjects served or published by rooms-svc. */
export const ROOMS_SUBJECTS = {
  createRoom: requestRoute('rooms.room.create', createRoomRequestSchema, typed<CreateRoomResponse>()),
  getRoom: requestRoute('rooms.room.get', getRoomRequestSchema, typed<RoomState>()),
  authorizeHost: requestRoute('rooms.room.authorize-host', authorizeHostRequestSchema, typed<RoomState>()),
  setStatus: requestRoute('rooms.room.set-status', setStatusRequestSchema, typed<RoomResponse>()),
  appendTranscript: requestRoute('rooms.transcript.append', appendTranscriptRequestSchema, appendTranscriptResponseSchema),
  listTranscript: requestRoute('rooms.transcript.list', listTranscriptRequestSchema, z.array(storedTranscriptSchema)),
  /** room event: the room started or ended */
  statusChanged: roomEventRoute('event.status', roomStatusChangedEventSchema),
  /** room event: a final transcript was stored and got its seq */
  transcriptStored: roomEventRoute('event.transcript', storedTranscriptSchema),
} as const;

