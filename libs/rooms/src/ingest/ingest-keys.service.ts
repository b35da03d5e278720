import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { INGEST_SUBJECTS, type HostAccess, type LanguageCode } from '@lt/contracts';
import { Bus, sha256 } from '@lt/platform';
import type { RoomEntity } from '../rooms/room.entity';
import { RoomAccess, userActor } from '../rooms/room-access';
import { RoomsRepository } from '../rooms/rooms.repository';
import { IngestKeysRepository } from './ingest-keys.repository';

/**
 * Stream keys for the venue's feed. Like host keys and invite tokens, a key is shown once, when made, and only
 * its SHA-256 is kept, so a leaked table opens no room's feed; the AV desk that lost it makes a new one.
 * They live here, with the room they open, so the room's owner and host-key holders are checked by `RoomAccess`
 * and a deleted room takes its key with it.
 */
@Injectable()
export class IngestKeysService {
  constructor(
    private readonly keys: IngestKeysRepository,
    private readonly rooms: RoomsRepository,
    private readonly access: RoomAccess,
    private readonly bus: Bus,
  ) {}

  async read(roomId: string, access: HostAccess): Promise<{ hasKey: boolean; createdAt: string | null }> {
    await this.authorize(roomId, access);
    const stored = await this.keys.find(roomId);
    return { hasKey: stored !== null, createdAt: stored?.createdAt.toISOString() ?? null };
  }

  /** A new key (192 random bits); the room's publisher on the old one is cut by the ingest on `rotated`. */
  async rotate(roomId: string, access: HostAccess): Promise<{ key: string; createdAt: string }> {
    await this.authorize(roomId, access);
    const key = randomBytes(24).toString('base64url');
    const createdAt = await this.keys.replace(roomId, sha256(key));
    this.bus.emitToRoom(INGEST_SUBJECTS.rotated, { roomId }, { roomId });
    return { key, createdAt: createdAt.toISOString() };
  }

  /** The room a key opens, for the ingest; an ended room takes no feed. */
  async resolve(keyHash: string): Promise<{ room: { roomId: string; sourceLanguage: LanguageCode } | null }> {
    const stored = await this.keys.findByHash(keyHash);
    const room = stored ? await this.rooms.findById(stored.roomId) : null;
    if (!room || room.status === 'ended') return { room: null };
    return { room: { roomId: room.id, sourceLanguage: room.sourceLanguage ?? 'en' } };
  }

  private authorize(roomId: string, access: HostAccess): Promise<RoomEntity> {
    return 'ownerId' in access
      ? this.access.require(roomId, userActor(access.ownerId), 'owner')
      : this.access.require(roomId, { kind: 'hostKey', hostKey: access.hostKey }, 'host');
  }
}
