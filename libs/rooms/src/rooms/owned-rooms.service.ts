import { Injectable } from '@nestjs/common';
import {
  type ListOwnedRoomsRequest,
  type RoomResponse,
  type RoomsDeleted,
  type TranscriptResponse,
  type UpdateRoomBody,
} from '@lt/contracts';
import { TranscriptRepository } from '../transcript/transcript.repository';
import type { RoomEntity } from './room.entity';
import { RoomDeletion } from './room-deletion.service';
import { RoomsErrorCode, RoomsException } from './rooms.exception';
import { RoomsRepository } from './rooms.repository';
import { hashSecret, newHostKey, RoomsService, toRoomResponse, viewerLink } from './rooms.service';

const COPY_SUFFIX = ' (Copia)';
/** The name column's width: a copy of a copy of … keeps the suffix and loses the end of the name. */
const NAME_COLUMN_MAX = 100;

const notFound = () => new RoomsException(RoomsErrorCode.RoomNotFound, 'Room not found');

/**
 * The dashboard's rooms: each call names the owner the gateway verified, and a room the owner does not own
 * (another's, an anonymous one, or none) is not found, so nobody learns that it exists.
 */
@Injectable()
export class OwnedRoomsService {
  constructor(
    private readonly rooms: RoomsRepository,
    private readonly transcripts: TranscriptRepository,
    private readonly lifecycle: RoomsService,
    private readonly deletion: RoomDeletion,
  ) {}

  async list(request: ListOwnedRoomsRequest): Promise<RoomResponse[]> {
    return (await this.rooms.listOwned(request)).map(toRoomResponse);
  }

  async get(roomId: string, ownerId: string): Promise<RoomResponse> {
    return toRoomResponse(await this.require(roomId, ownerId));
  }

  async update(roomId: string, ownerId: string, changes: UpdateRoomBody): Promise<RoomResponse> {
    const room = await this.rooms.updateOwned(roomId, ownerId, changes);
    if (!room) throw notFound();
    return toRoomResponse(room);
  }

  async delete(roomId: string, ownerId: string): Promise<RoomsDeleted> {
    await this.require(roomId, ownerId);
    return this.deletion.delete([roomId]);
  }

  /** A scheduled copy: same language and length, no schedule, no transcript; hosted with the owner's session. */
  async duplicate(roomId: string, ownerId: string, origin: string): Promise<RoomResponse> {
    const original = await this.require(roomId, ownerId);
    const id = crypto.randomUUID();
    const copy = await this.rooms.create({
      id,
      ownerId,
      name: original.name.slice(0, NAME_COLUMN_MAX - COPY_SUFFIX.length) + COPY_SUFFIX,
      viewerLink: viewerLink(origin, id),
      // Nobody is given this key: the owner hosts the copy with its session.
      hostKeyHash: hashSecret(newHostKey()),
      sourceLanguage: original.sourceLanguage,
      scheduledAt: null,
      durationMinutes: original.durationMinutes,
    });
    return toRoomResponse(copy);
  }

  /** Start or end from the dashboard: the same status change, and room event, as the host's own. */
  async setStatus(roomId: string, ownerId: string, status: 'active' | 'ended'): Promise<RoomResponse> {
    await this.require(roomId, ownerId);
    return this.lifecycle.setStatus(roomId, status);
  }

  async transcript(roomId: string, ownerId: string): Promise<TranscriptResponse> {
    const room = await this.require(roomId, ownerId);
    const rows = await this.transcripts.listBySpokenTime(roomId);
    return {
      room: toRoomResponse(room),
      messages: rows.map((m) => ({
        message_id: m.messageId,
        seq: m.seq,
        text: m.text,
        message_timestamp: m.messageTimestamp.toISOString(),
        confidence_level: m.confidenceLevel,
        speaker_id: m.speakerId,
        speaker_name: m.speakerName,
      })),
    };
  }

  private async require(roomId: string, ownerId: string): Promise<RoomEntity> {
    const room = await this.rooms.findOwned(roomId, ownerId);
    if (!room) throw notFound();
    return room;
  }
}
