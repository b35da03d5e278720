import { Injectable } from '@nestjs/common';
import type { PublicTranscript, PublicTranscriptRequest } from '@lt/contracts';
import { RoomAccess } from '../rooms/room-access';
import type { RoomEntity } from '../rooms/room.entity';
import { RoomsErrorCode, RoomsException } from '../rooms/rooms.exception';
import { RoomsRepository } from '../rooms/rooms.repository';
import { TranscriptRepository } from './transcript.repository';
import { spokenPage } from './transcript.service';

/**
 * A room's transcript for the holders of its links: any viewer while the owner lets viewers download it, and
 * the host (its host key) always. An unknown room is `room_not_found`, a wrong host key `invalid_host_key`.
 */
@Injectable()
export class PublicTranscriptService {
  constructor(
    private readonly rooms: RoomsRepository,
    private readonly transcripts: TranscriptRepository,
    private readonly access: RoomAccess,
  ) {}

  async transcript(request: PublicTranscriptRequest): Promise<PublicTranscript> {
    const room = await this.room(request);
    const { messages, more } = await spokenPage(this.transcripts, room.id, request.after);
    return {
      room: {
        name: room.name,
        source_language: room.sourceLanguage,
        created_at: room.createdAt.toISOString(),
        updated_at: room.updatedAt.toISOString(),
      },
      messages,
      more,
    };
  }

  private async room({ roomId, hostKey }: PublicTranscriptRequest): Promise<RoomEntity> {
    if (hostKey !== undefined) return this.access.require(roomId, { kind: 'hostKey', hostKey }, 'host');
    const room = await this.rooms.findById(roomId);
    if (!room) throw new RoomsException(RoomsErrorCode.RoomNotFound, 'Room not found');
    if (!room.viewerDownloads) {
      throw new RoomsException(RoomsErrorCode.TranscriptDownloadsOff, "The room's owner has turned off transcript downloads for viewers");
    }
    return room;
  }
}
