import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AdminRoomRow, RoomsDeleted, RoomStats, ServiceHealth } from '@lt/contracts';
import { databaseHealth } from '@lt/platform';
import { ROOMS_DATA_SOURCE } from '../rooms.database';
import { HostPresenceRegistry } from './host-presence.registry';
import { RoomAccess } from './room-access';
import { RoomDeletion } from './room-deletion.service';
import { RoomsErrorCode, RoomsException } from './rooms.exception';
import { RoomsRepository } from './rooms.repository';

/** What the admin panel asks of rooms-svc; the gateway lets only admins ask. */
@Injectable()
export class AdminRoomsService {
  constructor(
    private readonly rooms: RoomsRepository,
    private readonly deletion: RoomDeletion,
    private readonly presence: HostPresenceRegistry,
    private readonly access: RoomAccess,
    @Inject(ROOMS_DATA_SOURCE) private readonly db: DataSource,
  ) {}

  async list(): Promise<AdminRoomRow[]> {
    return (await this.rooms.listAll()).map((r) => ({
      id: r.id,
      name: r.name,
      owner_id: r.ownerId,
      status: r.status,
      created_at: r.createdAt.toISOString(),
      host_connected: this.presence.hostConnected(r.id),
    }));
  }

  async delete(roomId: string): Promise<RoomsDeleted> {
    await this.access.require(roomId, { kind: 'admin' }, 'owner');
    const deleted = await this.deletion.delete([roomId]);
    // Another admin, or the owner, may have deleted it since the check.
    if (deleted.roomIds.length === 0) throw new RoomsException(RoomsErrorCode.RoomNotFound, 'Room not found');
    return deleted;
  }

  async stats(): Promise<RoomStats> {
    const { totalRooms, activeRooms } = await this.rooms.counts();
    return { total_rooms: totalRooms, active_rooms: activeRooms };
  }

  health(): Promise<ServiceHealth> {
    return databaseHealth(this.db);
  }
}
