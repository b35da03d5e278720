import { z } from 'zod';
import { eventRoute, requestRoute, roomEventRoute, typed } from '../bus/route';
import { serviceHealthSchema } from '../health';
import { purgeRoomsRequestSchema } from './retention';
import type { TranscriptPage } from './owner-rooms.dto';
import type { CreateRoomResponse, OwnedRoom, RoomResponse } from './room.response';
import { publicTranscriptRequestSchema, publicTranscriptSchema } from './viewer-transcript.dto';
import {
  adminDeleteRoomRequestSchema,
  adminRoomRowSchema,
  appendTranscriptRequestSchema,
  appendTranscriptResponseSchema,
  authorizeHostRequestSchema,
  claimRoomRequestSchema,
  createRoomRequestSchema,
  duplicateRoomRequestSchema,
  getRoomRequestSchema,
  listOwnedRoomsRequestSchema,
  listTranscriptRequestSchema,
  ownerRoomRequestSchema,
  ownedTranscriptRequestSchema,
  purgeOwnerRequestSchema,
  exportOwnedRoomsRequestSchema,
  roomDeletedEventSchema,
  roomsDeletedSchema,
  roomStatsSchema,
  roomStatusChangedEventSchema,
  setOwnedRoomStatusRequestSchema,
  setStatusRequestSchema,
  storedTranscriptSchema,
  updateOwnedRoomRequestSchema,
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
  /** request: one stored message by its id (room_not_found when the room or the message is not there) */
  getTranscript: requestRoute(
    'rooms.transcript.get',
    z.object({ roomId: z.uuid(), messageId: z.string().min(1).max(64) }),
    storedTranscriptSchema,
  ),

  /** The owner's rooms: each answers `room_not_found` for a room the owner does not own. */
  listOwned: requestRoute('rooms.owner.list', listOwnedRoomsRequestSchema, typed<{ rooms: OwnedRoom[]; total: number }>()),
  getOwned: requestRoute('rooms.owner.get', ownerRoomRequestSchema, typed<RoomResponse>()),
  updateOwned: requestRoute('rooms.owner.update', updateOwnedRoomRequestSchema, typed<RoomResponse>()),
  deleteOwned: requestRoute('rooms.owner.delete', ownerRoomRequestSchema, roomsDeletedSchema),
  duplicateOwned: requestRoute('rooms.owner.duplicate', duplicateRoomRequestSchema, typed<RoomResponse>()),
  setOwnedStatus: requestRoute('rooms.owner.set-status', setOwnedRoomStatusRequestSchema, typed<RoomResponse>()),
  /** request: a page of the owner's transcript (within BUS_PAGE_BYTES), `more` when another follows */
  ownedTranscript: requestRoute('rooms.owner.transcript', ownedTranscriptRequestSchema, typed<TranscriptPage>()),
  /** request: a page of every room of the owner, oldest first (the owner's archive) */
  exportOwned: requestRoute('rooms.owner.export', exportOwnedRoomsRequestSchema, typed<OwnedRoom[]>()),
  /**
   * request: the transcript for a viewer (refused with `transcript_downloads_off` when the owner turned viewer
   * downloads off) or, with the room's host key, for its host.
   */
  publicTranscript: requestRoute('rooms.transcript.public', publicTranscriptRequestSchema, publicTranscriptSchema),
  claim: requestRoute('rooms.room.claim', claimRoomRequestSchema, typed<RoomResponse>()),
  /** request from accounts-svc while it deletes an account: every room of the owner, with what hangs on them */
  purgeOwner: requestRoute('rooms.owner.purge', purgeOwnerRequestSchema, roomsDeletedSchema),

  adminList: requestRoute('rooms.admin.list', z.object({}), z.array(adminRoomRowSchema)),
  adminDelete: requestRoute('rooms.admin.delete', adminDeleteRoomRequestSchema, roomsDeletedSchema),
  adminStats: requestRoute('rooms.admin.stats', z.object({}), roomStatsSchema),
  /** request: whether rooms-svc answers and reaches its database (the admin panel's System Health) */
  health: requestRoute('rooms.health.check', z.object({}), serviceHealthSchema),

  /** room event: the room started or ended */
  statusChanged: roomEventRoute('event.status', roomStatusChangedEventSchema),
  /** room event: a final transcript was stored and got its seq */
  transcriptStored: roomEventRoute('event.transcript', storedTranscriptSchema),
  /** room event: the room was deleted; gateways end it for its sockets and close them */
  deleted: roomEventRoute('event.deleted', roomDeletedEventSchema),
  /**
   * event for every translate-svc replica (no queue): rooms were deleted. Their translations were purged by
   * request before; this sweeps up any a replica was still finishing, and keeps it from storing more.
   */
  roomsDeleted: eventRoute('rooms.room.deleted', roomsDeletedSchema),
  /**
   * event for every replica of translate-svc, tts-svc and rooms-svc (no queue): the content of rooms went (their
   * retention). Each replica records the marks, stores nothing more of them, and sweeps their rows once more.
   */
  roomsPurged: eventRoute('rooms.room.purged', purgeRoomsRequestSchema),
} as const;
