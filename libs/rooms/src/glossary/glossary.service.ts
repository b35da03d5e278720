import { Injectable } from '@nestjs/common';
import { GLOSSARY_SUBJECTS, type HostAccess, type GlossaryEntry, type RoomGlossary } from '@lt/contracts';
import { Bus } from '@lt/platform';
import type { RoomEntity } from '../rooms/room.entity';
import { RoomsErrorCode, RoomsException } from '../rooms/rooms.exception';
import { RoomsRepository } from '../rooms/rooms.repository';
import { RoomAccess, userActor } from '../rooms/room-access';
import { GlossaryRepository } from './glossary.repository';

const notFound = () => new RoomsException(RoomsErrorCode.RoomNotFound, 'Room not found');
const FOREIGN_KEY_VIOLATION = '23503';

/**
 * Room glossaries. translate-svc reads them by room id alone (`get`); people edit them as the room's owner,
 * whose other rooms and everyone else's answer "not found" alike, or with the room's host key.
 */
@Injectable()
export class GlossaryService {
  constructor(
    private readonly glossaries: GlossaryRepository,
    private readonly rooms: RoomsRepository,
    private readonly access: RoomAccess,
    private readonly bus: Bus,
  ) {}

  async get(roomId: string): Promise<RoomGlossary> {
    if (!(await this.rooms.findById(roomId))) throw notFound();
    return this.current(roomId);
  }

  async read(roomId: string, access: HostAccess): Promise<RoomGlossary> {
    await this.authorize(roomId, access);
    return this.current(roomId);
  }

  async replace(roomId: string, access: HostAccess, entries: GlossaryEntry[]): Promise<RoomGlossary> {
    await this.authorize(roomId, access);
    return this.store(roomId, entries);
  }

  /** A duplicated room starts with the original's glossary. */
  async copy(fromRoomId: string, toRoomId: string): Promise<void> {
    const original = await this.glossaries.find(fromRoomId);
    if (original?.entries.length) await this.store(toRoomId, original.entries);
  }

  private async store(roomId: string, entries: GlossaryEntry[]): Promise<RoomGlossary> {
    let version: number | null;
    try {
      version = await this.glossaries.replace(roomId, entries);
    } catch (error) {
      // The room was deleted between the check and the write.
      if ((error as { code?: string }).code === FOREIGN_KEY_VIOLATION) throw notFound();
      throw error;
    }
    if (version === null) return this.current(roomId);
    this.bus.emitToRoom(GLOSSARY_SUBJECTS.changed, { roomId }, { roomId, version });
    return { roomId, version, entries };
  }

  private async current(roomId: string): Promise<RoomGlossary> {
    const stored = await this.glossaries.find(roomId);
    return { roomId, version: stored?.version ?? 0, entries: stored?.entries ?? [] };
  }

  /** The owner with its session, or whoever holds the room's host key (the host page of an anonymous room). */
  private authorize(roomId: string, access: HostAccess): Promise<RoomEntity> {
    return 'ownerId' in access
      ? this.access.require(roomId, userActor(access.ownerId), 'owner')
      : this.access.require(roomId, { kind: 'hostKey', hostKey: access.hostKey }, 'host');
  }
}
