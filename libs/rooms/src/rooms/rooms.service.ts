import { Injectable } from '@nestjs/common';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  defaultRoomName,
  ROOMS_SUBJECTS,
  type CreateRoomRequest,
  type CreateRoomResponse,
  type LanguageCode,
  type RoomResponse,
  type RoomState,
  type RoomStatus,
  type RoomStatusChangedEvent,
} from '@lt/contracts';
import { Bus } from '@lt/platform';
import type { RoomEntity } from './room.entity';
import { RoomsErrorCode, RoomsException } from './rooms.exception';
import { RoomsRepository } from './rooms.repository';

/** 256 random bits; only the hash is stored. */
export function newHostKey(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function toRoomResponse(room: RoomEntity): RoomResponse {
  return {
    id: room.id,
    owner_id: room.ownerId,
    name: room.name,
    source_language: room.sourceLanguage,
    status: room.status,
    viewer_link: room.viewerLink,
    scheduled_at: room.scheduledAt?.toISOString() ?? null,
    created_at: room.createdAt.toISOString(),
    updated_at: room.updatedAt.toISOString(),
  };
}

@Injectable()
export class RoomsService {
  constructor(
    private readonly rooms: RoomsRepository,
    private readonly bus: Bus,
  ) {}

  async create(request: CreateRoomRequest): Promise<CreateRoomResponse> {
    const id = crypto.randomUUID();
    const hostKey = newHostKey();
    const room = await this.rooms.create({
      id,
      ownerId: request.ownerId ?? null,
      name: defaultRoomName(id, request.name),
      viewerLink: `${request.origin.replace(/\/+$/, '')}/view/${id}`,
      hostKeyHash: hashSecret(hostKey),
    });
    return { room: toRoomResponse(room), hostKey };
  }

  async get(roomId: string): Promise<RoomState> {
    const room = await this.require(roomId);
    return { room: toRoomResponse(room), lastSeq: room.lastSeq };
  }

  /** The room when `hostKey` is its host key; holding only the room id never passes. */
  async authorizeHost(roomId: string, hostKey: string): Promise<RoomState> {
    const room = await this.require(roomId);
    const expected = Buffer.from(room.hostKeyHash, 'hex');
    const given = Buffer.from(hashSecret(hostKey), 'hex');
    if (!timingSafeEqual(expected, given)) {
      throw new RoomsException(RoomsErrorCode.InvalidHostKey, 'Invalid host key');
    }
    return { room: toRoomResponse(room), lastSeq: room.lastSeq };
  }

  async setStatus(roomId: string, status: RoomStatus, sourceLanguage?: LanguageCode): Promise<RoomResponse> {
    const room = await this.rooms.setStatus(roomId, status, sourceLanguage);
    if (!room) throw new RoomsException(RoomsErrorCode.RoomNotFound, 'Room not found');
    const event: RoomStatusChangedEvent = {
      roomId,
      status: room.status,
      sourceLanguage: room.sourceLanguage,
      timestamp: room.updatedAt.toISOString(),
      messageId: crypto.randomUUID(),
    };
    this.bus.emitToRoom(ROOMS_SUBJECTS.statusChanged, { roomId }, event);
    return toRoomResponse(room);
  }

  private async require(roomId: string): Promise<RoomEntity> {
    const room = await this.rooms.findById(roomId);
    if (!room) throw new RoomsException(RoomsErrorCode.RoomNotFound, 'Room not found');
    return room;
  }
}
