import { Injectable } from '@nestjs/common';
import {
  type ListOwnedRoomsRequest,
  type OwnedRoom,
  type RoomResponse,
  type RoomsDeleted,
  type TranscriptCursor,
  type TranscriptPage,
  type UpdateRoomBody,
} from '@lt/contracts';
import { GlossaryService } from '../glossary/glossary.service';
import { QuestionsService } from '../questions/questions.service';
import { TranscriptRepository } from '../transcript/transcript.repository';
import { spokenPage } from '../transcript/transcript.service';
import { RoomAccess, userActor } from './room-access';
import type { RoomEntity } from './room.entity';
import { RoomDeletion } from './room-deletion.service';
import { RoomEvaluations } from './room-evaluations.service';
import { RoomsErrorCode, RoomsException } from './rooms.exception';
import { RoomsRepository, type RoomChanges } from './rooms.repository';
import { RoomsService, toRoomResponse } from './rooms.service';

const COPY_SUFFIX = ' (Copia)';
/** The name column's width: a copy of a copy of … keeps the suffix and loses the end of the name. */
const NAME_COLUMN_MAX = 100;

/** The edit form's body, in the repository's terms: absent stays, `null` clears. */
function toRoomChanges(body: UpdateRoomBody): RoomChanges {
  const changes: RoomChanges = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.source_language !== undefined) changes.sourceLanguage = body.source_language;
  if (body.scheduled_at !== undefined) changes.scheduledAt = body.scheduled_at === null ? null : new Date(body.scheduled_at);
  if (body.duration_minutes !== undefined) changes.durationMinutes = body.duration_minutes;
  if (body.viewer_downloads !== undefined) changes.viewerDownloads = body.viewer_downloads;
  if (body.retention !== undefined) changes.retention = body.retention;
  if (body.fast_captions !== undefined) changes.fastCaptions = body.fast_captions;
  if (body.questions_enabled !== undefined) changes.questionsEnabled = body.questions_enabled;
  if (body.ended_allowance !== undefined) changes.endedAllowance = body.ended_allowance;
  return changes;
}

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
    private readonly glossary: GlossaryService,
    private readonly access: RoomAccess,
    private readonly evaluations: RoomEvaluations,
    private readonly questions: QuestionsService,
  ) {}

  /** The owner's rooms, an ended one with its evaluation (the history list), and how many match in all. */
  async list(request: ListOwnedRoomsRequest): Promise<{ rooms: OwnedRoom[]; total: number }> {
    const [rooms, total] = await this.rooms.listOwned(request);
    const evaluations = await this.evaluations.of(rooms.filter((r) => r.status === 'ended').map((r) => r.id));
    return { rooms: rooms.map((r) => ({ ...toRoomResponse(r), evaluation: evaluations.get(r.id) ?? null })), total };
  }

  /** A page of every room of the owner, oldest first, each with its evaluation (the owner's archive). */
  async export(ownerId: string, offset: number, limit: number): Promise<OwnedRoom[]> {
    const rooms = await this.rooms.exportOwned(ownerId, offset, limit);
    const evaluations = await this.evaluations.of(rooms.filter((r) => r.status === 'ended').map((r) => r.id));
    return rooms.map((r) => ({ ...toRoomResponse(r), evaluation: evaluations.get(r.id) ?? null }));
  }

  async get(roomId: string, ownerId: string): Promise<RoomResponse> {
    return toRoomResponse(await this.require(roomId, ownerId));
  }

  async update(roomId: string, ownerId: string, body: UpdateRoomBody): Promise<RoomResponse> {
    await this.require(roomId, ownerId);
    // An owned room never changes owner, so only a deletion since the check can make it go missing.
    const room = await this.rooms.update(roomId, toRoomChanges(body));
    if (!room) throw new RoomsException(RoomsErrorCode.RoomNotFound, 'Room not found');
    if (body.fast_captions !== undefined) this.lifecycle.settingsChanged(room);
    if (body.questions_enabled !== undefined) this.questions.announceEnabled(roomId, room.questionsEnabled);
    return toRoomResponse(room);
  }

  async delete(roomId: string, ownerId: string): Promise<RoomsDeleted> {
    await this.require(roomId, ownerId);
    return this.deletion.delete([roomId]);
  }

  /** A scheduled copy: same language, length and glossary, no schedule, no transcript; hosted with the owner's session. */
  async duplicate(roomId: string, ownerId: string, origin: string): Promise<RoomResponse> {
    const original = await this.require(roomId, ownerId);
    // Nobody is given the copy's host key: the owner hosts it with its session.
    const { room: copy } = await this.lifecycle.open({
      ownerId,
      name: original.name.slice(0, NAME_COLUMN_MAX - COPY_SUFFIX.length) + COPY_SUFFIX,
      origin,
      sourceLanguage: original.sourceLanguage,
      scheduledAt: null,
      durationMinutes: original.durationMinutes,
      viewerDownloads: original.viewerDownloads,
      retention: original.retention,
      fastCaptions: original.fastCaptions,
      questionsEnabled: original.questionsEnabled,
      endedAllowance: original.endedAllowance,
    });
    await this.glossary.copy(roomId, copy.id);
    return toRoomResponse(copy);
  }

  /** Start or end from the dashboard: the same status change, and room event, as the host's own. */
  async setStatus(roomId: string, ownerId: string, status: 'active' | 'ended'): Promise<RoomResponse> {
    await this.require(roomId, ownerId);
    return this.lifecycle.setStatus(roomId, status);
  }

  /** A page of the transcript (see `spokenPage`); the caller asks for the next one while `more`. */
  async transcript(roomId: string, ownerId: string, after?: TranscriptCursor): Promise<TranscriptPage> {
    const room = await this.require(roomId, ownerId);
    return { room: toRoomResponse(room), ...(await spokenPage(this.transcripts, roomId, after)) };
  }

  private require(roomId: string, ownerId: string): Promise<RoomEntity> {
    return this.access.require(roomId, userActor(ownerId), 'owner');
  }
}
