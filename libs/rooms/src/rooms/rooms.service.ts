import { Injectable } from '@nestjs/common';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  defaultRoomName,
  ROOMS_SUBJECTS,
  SCHEDULE,
  type AuthorizeHostRequest,
  type CreateRoomRequest,
  type CreateRoomResponse,
  type LanguageCode,
  type RoomResponse,
  type RoomState,
  type RoomStatus,
  type RoomStatusChangedEvent,
} from '@lt/contracts';
import { Bus } from '@lt/platform';
import { SpeakersService } from '../speakers/speakers.service';
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

export function viewerLink(origin: string, roomId: string): string {
  return `${origin.replace(/\/+$/, '')}/view/${roomId}`;
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
    duration_minutes: room.durationMinutes,
    created_at: room.createdAt.toISOString(),
    updated_at: room.updatedAt.toISOString(),
  };
}

@Injectable()
export class RoomsService {
  constructor(
    private readonly rooms: RoomsRepository,
    private readonly bus: Bus,
    private readonly speakers: SpeakersService,
  ) {}

  async create(request: CreateRoomRequest): Promise<CreateRoomResponse> {
    const id = crypto.randomUUID();
    const hostKey = newHostKey();
    const room = await this.rooms.create({
      id,
      ownerId: request.ownerId ?? null,
      name: defaultRoomName(id, request.name),
      viewerLink: viewerLink(request.origin, id),
      hostKeyHash: hashSecret(hostKey),
      sourceLanguage: request.sourceLanguage ?? null,
      scheduledAt: request.scheduledAt ? new Date(request.scheduledAt) : null,
      durationMinutes: request.durationMinutes ?? SCHEDULE.defaultDuration,
    });
    if (request.ownerId && request.invitedHosts?.length) await this.speakers.inviteByMail(room, request.invitedHosts, request.origin);
    return { room: toRoomResponse(room), hostKey };
  }

  async get(roomId: string): Promise<RoomState> {
    const room = await this.require(roomId);
    return { room: toRoomResponse(room), lastSeq: room.lastSeq };
  }

  /**
   * The room when the caller may host it: it holds the host key, or it is the room's owner (the gateway
   * verified its access token). Holding only the room id never passes.
   */
  async authorizeHost(request: AuthorizeHostRequest): Promise<RoomState> {
    const room = await this.require(request.roomId);
    if ('hostKey' in request) {
      const expected = Buffer.from(room.hostKeyHash, 'hex');
      const given = Buffer.from(hashSecret(request.hostKey), 'hex');
      if (!timingSafeEqual(expected, given)) throw new RoomsException(RoomsErrorCode.InvalidHostKey, 'Invalid host key');
    } else if (room.ownerId === null || room.ownerId !== request.userId) {
      throw new RoomsException(RoomsErrorCode.InvalidHostKey, 'Only the owner of this room, or a holder of its host key, can host it');
    }
    return { room: toRoomResponse(room), lastSeq: room.lastSeq };
  }

  /** An anonymous room becomes the user's when it holds its host key; anything else is a room it cannot see. */
  async claim(roomId: string, userId: string, hostKey: string): Promise<RoomResponse> {
    const room = await this.rooms.claim(roomId, userId, hashSecret(hostKey));
    if (!room) throw new RoomsException(RoomsErrorCode.RoomNotFound, 'Room not found');
    return toRoomResponse(room);
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
