import { Injectable } from '@nestjs/common';
import {
  defaultRoomName,
  FAST_CAPTIONS_SUBJECTS,
  ROOMS_SUBJECTS,
  SCHEDULE,
  type AuthorizeHostRequest,
  type CreateRoomRequest,
  type CreateRoomResponse,
  type LanguageCode,
  type Retention,
  type RoomResponse,
  type RoomSettingsEvent,
  type RoomState,
  type RoomStatus,
  type RoomStatusChangedEvent,
} from '@lt/contracts';
import { Bus, newSecret, sha256 } from '@lt/platform';
import { SpeakersService } from '../speakers/speakers.service';
import { RoomAccess, type RoomActor } from './room-access';
import type { RoomEntity } from './room.entity';
import { RoomEvaluations } from './room-evaluations.service';
import { RoomRetention } from './room-retention.service';
import { RoomsErrorCode, RoomsException } from './rooms.exception';
import { RoomsRepository } from './rooms.repository';

/** A room to open: everything else (id, viewer link, host key, status) is given here. */
export interface RoomDraft {
  ownerId: string | null;
  name: string;
  origin: string;
  sourceLanguage: LanguageCode | null;
  scheduledAt: Date | null;
  durationMinutes: number;
  /** On when absent. */
  viewerDownloads?: boolean;
  /** Kept for good when absent. */
  retention?: Retention;
  /** On when absent. */
  fastCaptions?: boolean;
  /** Off when absent. */
  questionsEnabled?: boolean;
  /** The deployment's default when absent. */
  endedAllowance?: number | null;
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
    viewer_downloads: room.viewerDownloads,
    retention: room.retention,
    transcript_deleted_at: room.transcriptDeletedAt?.toISOString() ?? null,
    ended_at: room.endedAt?.toISOString() ?? null,
    fast_captions: room.fastCaptions,
    questions_enabled: room.questionsEnabled,
    ended_allowance: room.endedAllowance,
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
    private readonly access: RoomAccess,
    private readonly evaluations: RoomEvaluations,
    private readonly retention: RoomRetention,
  ) {}

  async create(request: CreateRoomRequest): Promise<CreateRoomResponse> {
    const { room, hostKey } = await this.open({
      ownerId: request.ownerId ?? null,
      name: request.name ?? '',
      origin: request.origin,
      sourceLanguage: request.sourceLanguage ?? null,
      scheduledAt: request.scheduledAt ? new Date(request.scheduledAt) : null,
      durationMinutes: request.durationMinutes ?? SCHEDULE.defaultDuration,
      viewerDownloads: request.viewerDownloads,
      retention: request.retention,
      fastCaptions: request.fastCaptions,
      questionsEnabled: request.questionsEnabled,
      // Only an owner's room has one (the landing page's anonymous rooms send none).
      endedAllowance: request.ownerId ? request.endedAllowance : undefined,
    });
    if (request.ownerId && request.invitedHosts?.length) await this.speakers.inviteByMail(room, request.invitedHosts, request.origin);
    return { room: toRoomResponse(room), hostKey };
  }

  /** Every room is created here: a new id, its viewer link, and a host key of which only the hash is kept. */
  async open(draft: RoomDraft): Promise<{ room: RoomEntity; hostKey: string }> {
    const id = crypto.randomUUID();
    const hostKey = newSecret();
    const room = await this.rooms.create({
      id,
      ownerId: draft.ownerId,
      name: defaultRoomName(id, draft.name),
      viewerLink: viewerLink(draft.origin, id),
      hostKeyHash: sha256(hostKey),
      sourceLanguage: draft.sourceLanguage,
      scheduledAt: draft.scheduledAt,
      durationMinutes: draft.durationMinutes,
      viewerDownloads: draft.viewerDownloads,
      retention: draft.retention,
      fastCaptions: draft.fastCaptions,
      questionsEnabled: draft.questionsEnabled,
      endedAllowance: draft.endedAllowance,
    });
    return { room, hostKey };
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
    const actor: RoomActor =
      'hostKey' in request ? { kind: 'hostKey', hostKey: request.hostKey } : { kind: 'user', userId: request.userId };
    const room = await this.access.require(request.roomId, actor, 'host');
    return { room: toRoomResponse(room), lastSeq: room.lastSeq };
  }

  /** An anonymous room becomes the user's when it holds its host key; anything else is a room it cannot see. */
  async claim(roomId: string, userId: string, hostKey: string): Promise<RoomResponse> {
    const room = await this.rooms.claim(roomId, userId, sha256(hostKey));
    if (!room) throw new RoomsException(RoomsErrorCode.RoomNotFound, 'Room not found');
    return toRoomResponse(room);
  }

  async setStatus(roomId: string, status: RoomStatus, sourceLanguage?: LanguageCode): Promise<RoomResponse> {
    // Viewers of a room started without its language could not be told what they are reading.
    if (status === 'active' && !sourceLanguage && !(await this.require(roomId)).sourceLanguage) {
      throw new RoomsException(RoomsErrorCode.LanguageRequired, 'Language must be set before starting');
    }
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
    if (room.status === 'ended') {
      await this.evaluations.record(room);
      // After the evaluation, which counts what was said; the retention job tries again if a service is away.
      if (room.retention === 'none') await this.retention.expireQuietly([room.id]);
    }
    return toRoomResponse(room);
  }

  /** The host's Fast captions switch (the gateway checked that the socket hosts the room). */
  async setFastCaptions(roomId: string, fastCaptions: boolean): Promise<RoomSettingsEvent> {
    const room = await this.rooms.update(roomId, { fastCaptions });
    if (!room) throw new RoomsException(RoomsErrorCode.RoomNotFound, 'Room not found');
    return this.settingsChanged(room);
  }

  /** Hosts' pages and translate-svc follow the room's Fast captions setting as it changes. */
  settingsChanged(room: RoomEntity): RoomSettingsEvent {
    const event: RoomSettingsEvent = { roomId: room.id, fastCaptions: room.fastCaptions };
    this.bus.emitToRoom(FAST_CAPTIONS_SUBJECTS.settings, { roomId: room.id }, event);
    return event;
  }

  private async require(roomId: string): Promise<RoomEntity> {
    const room = await this.rooms.findById(roomId);
    if (!room) throw new RoomsException(RoomsErrorCode.RoomNotFound, 'Room not found');
    return room;
  }
}
