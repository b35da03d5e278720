import { Injectable } from '@nestjs/common';
import { ROOMS_SUBJECTS, SPEECH_SUBJECTS, TRANSLATE_SUBJECTS, USAGE_SUBJECTS, type RoomsDeleted } from '@lt/contracts';
import { Bus } from '@lt/platform';
import { RoomsRepository } from './rooms.repository';

/**
 * Deleting rooms with everything kept of them: their evaluations and transcripts here (the foreign keys
 * cascade), their translations and summaries in translate-svc, their audio in tts-svc, and their live sockets
 * on every gateway.
 *
 * Those are deleted by request before the rooms: if a service cannot do it now, nothing more is
 * deleted and the caller is told to try again, rather than leaving translations of rooms that are gone.
 * Afterwards every gateway hears a room event per room (it ends the room for its sockets and closes them),
 * and every translate-svc replica hears which rooms went, to sweep up a translation it was still finishing.
 */
@Injectable()
export class RoomDeletion {
  constructor(
    private readonly rooms: RoomsRepository,
    private readonly bus: Bus,
  ) {}

  async delete(roomIds: string[]): Promise<RoomsDeleted> {
    if (roomIds.length === 0) return { roomIds: [] };
    await this.purgeElsewhere(roomIds);
    return this.announce(await this.rooms.deleteByIds(roomIds));
  }

  /** Every room of an account being deleted, including one created while this runs. */
  async purgeOwner(ownerId: string): Promise<RoomsDeleted> {
    const known = await this.rooms.idsOwnedBy(ownerId);
    if (known.length) await this.purgeElsewhere(known);
    return this.announce(await this.rooms.deleteOwnedBy(ownerId));
  }

  /** What the other services keep of the rooms: translations and summaries, audio, and what they spent. */
  private async purgeElsewhere(roomIds: string[]): Promise<void> {
    await this.bus.request(TRANSLATE_SUBJECTS.purgeRooms, { roomIds });
    await this.bus.request(SPEECH_SUBJECTS.purgeRooms, { roomIds });
    await this.bus.request(USAGE_SUBJECTS.forgetRooms, { roomIds });
  }

  private announce(roomIds: string[]): RoomsDeleted {
    const timestamp = new Date().toISOString();
    for (const roomId of roomIds) {
      this.bus.emitToRoom(ROOMS_SUBJECTS.deleted, { roomId }, { roomId, timestamp, messageId: crypto.randomUUID() });
    }
    if (roomIds.length) this.bus.emit(ROOMS_SUBJECTS.roomsDeleted, { roomIds });
    return { roomIds };
  }
}
