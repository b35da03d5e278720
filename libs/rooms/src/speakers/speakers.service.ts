import { Injectable, Logger } from '@nestjs/common';
import {
  ACCOUNTS_SUBJECTS,
  INVALID_INVITE_MESSAGE,
  SPEAKERS_SUBJECTS,
  speakerInviteLink,
  speakerNameFromEmail,
  type AuthorizeSpeakerRequest,
  type CreateSpeakerResponse,
  type InviteSpeakerRequest,
  type LanguageCode,
  type LeaveSpeakerRequest,
  type PublicRoomResponse,
  type SpeakerAccessResponse,
  type SpeakerResponse,
  type SpeakerRoomState,
} from '@lt/contracts';
import { Bus, newSecret, sha256 } from '@lt/platform';
import type { RoomEntity } from '../rooms/room.entity';
import { RoomAccess, userActor } from '../rooms/room-access';
import { RoomsErrorCode, RoomsException } from '../rooms/rooms.exception';
import type { SpeakerEntity } from './speaker.entity';
import { SpeakersRepository } from './speakers.repository';

export function toSpeakerResponse(s: SpeakerEntity): SpeakerResponse {
  return {
    id: s.id,
    room_id: s.roomId,
    speaker_name: s.speakerName,
    speaker_role: s.speakerRole,
    is_active: s.isActive,
    input_language: s.inputLanguage,
    joined_at: s.joinedAt?.toISOString() ?? null,
    created_at: s.createdAt.toISOString(),
    status: s.isActive ? 'active' : s.joinedAt ? 'joined' : 'invited',
  };
}

const publicRoom = (room: RoomEntity): PublicRoomResponse => ({
  id: room.id,
  name: room.name,
  status: room.status,
  source_language: room.sourceLanguage,
  viewer_downloads: room.viewerDownloads,
  questions_enabled: room.questionsEnabled,
});

const invalidInvite = () => new RoomsException(RoomsErrorCode.InvalidInvite, INVALID_INVITE_MESSAGE);

/**
 * Co-host speakers. The owner's calls name the owner the gateway verified, and a room it does not own is not
 * found; the speaker's calls hold a token, which opens only the room it was made for, until it is removed.
 */
@Injectable()
export class SpeakersService {
  private readonly logger = new Logger('Speakers');

  constructor(
    private readonly speakers: SpeakersRepository,
    private readonly access: RoomAccess,
    private readonly bus: Bus,
  ) {}

  async list(roomId: string, ownerId: string): Promise<SpeakerResponse[]> {
    await this.requireOwned(roomId, ownerId);
    return (await this.speakers.listByRoom(roomId)).map(toSpeakerResponse);
  }

  async invite(request: InviteSpeakerRequest): Promise<CreateSpeakerResponse> {
    await this.requireOwned(request.roomId, request.ownerId);
    return this.create(request.roomId, request.name, request.origin);
  }

  /**
   * The create form's invited hosts: an invite each, named after the address, and its link by mail. A mail
   * that fails is logged without its link (which opens the room) and does not undo the room.
   */
  async inviteByMail(room: { id: string; name: string }, emails: string[], origin: string): Promise<void> {
    for (const to of new Set(emails.map((e) => e.trim().toLowerCase()))) {
      const speakerName = speakerNameFromEmail(to);
      const { inviteLink } = await this.create(room.id, speakerName, origin);
      try {
        await this.bus.request(ACCOUNTS_SUBJECTS.mailSpeakerInvite, { to, roomName: room.name, speakerName, link: inviteLink });
      } catch (error) {
        this.logger.warn(`speaker invite mail for room ${room.id} to ${to} failed: ${(error as Error).message}`);
      }
    }
  }

  /** The token stops working at once; every gateway closes the speaker's sockets on the room event. */
  async remove(roomId: string, ownerId: string, speakerId: string): Promise<Record<string, never>> {
    await this.requireOwned(roomId, ownerId);
    if (!(await this.speakers.delete(roomId, speakerId))) {
      throw new RoomsException(RoomsErrorCode.SpeakerNotFound, 'Speaker not found');
    }
    this.bus.emitToRoom(
      SPEAKERS_SUBJECTS.removed,
      { roomId },
      {
        roomId,
        speakerId,
        timestamp: new Date().toISOString(),
        messageId: crypto.randomUUID(),
      },
    );
    return {};
  }

  async verify(roomId: string, token: string): Promise<SpeakerAccessResponse> {
    const { speaker, room } = await this.requireToken(roomId, token);
    return { speaker: toSpeakerResponse(speaker), room: publicRoom(room) };
  }

  async join(roomId: string, token: string, lang: LanguageCode): Promise<SpeakerAccessResponse> {
    const { speaker, room } = await this.requireToken(roomId, token);
    const joined = await this.speakers.markJoined(speaker.id, lang);
    if (!joined) throw invalidInvite();
    return { speaker: toSpeakerResponse(joined), room: publicRoom(room) };
  }

  async leave(request: LeaveSpeakerRequest): Promise<Record<string, never>> {
    const speakerId = 'token' in request ? (await this.requireToken(request.roomId, request.token)).speaker.id : request.speakerId;
    await this.speakers.markLeft(request.roomId, speakerId);
    return {};
  }

  /** A socket joining as speaker; with a language it also counts as joining (a reconnect marks it active again). */
  async authorize(request: AuthorizeSpeakerRequest): Promise<SpeakerRoomState> {
    const { speaker, room } = await this.requireToken(request.roomId, request.token);
    if (request.lang) await this.speakers.markJoined(speaker.id, request.lang);
    return { room: publicRoom(room), lastSeq: room.lastSeq, speaker: { id: speaker.id, name: speaker.speakerName } };
  }

  private async create(roomId: string, name: string, origin: string): Promise<CreateSpeakerResponse> {
    const token = newSecret();
    const speaker = await this.speakers.create({ roomId, speakerName: name, inviteTokenHash: sha256(token) });
    return { speaker: toSpeakerResponse(speaker), inviteLink: speakerInviteLink(origin, roomId, token, name) };
  }

  private requireOwned(roomId: string, ownerId: string): Promise<RoomEntity> {
    return this.access.require(roomId, userActor(ownerId), 'owner');
  }

  private requireToken(roomId: string, token: string): Promise<{ speaker: SpeakerEntity; room: RoomEntity }> {
    return this.access.speaker(roomId, token);
  }
}
