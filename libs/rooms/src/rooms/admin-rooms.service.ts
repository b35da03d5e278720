import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AdminRoomRow, RoomsDeleted, RoomStats, ServiceHealth } from '@lt/contracts';
import { databaseHealth } from '@lt/platform';
import { ROOMS_DATA_SOURCE } from '../rooms.database';
import { RoomDeletion } from './room-deletion.service';
import { RoomsErrorCode, RoomsException } from './rooms.exception';
import { RoomsRepository } from './rooms.repository';

/** What the admin panel asks of rooms-svc; the gateway lets only admins ask. */
@Injectable()
export class AdminRoomsService {
  constructor(
    private readonly rooms: RoomsRepository,
    private readonly deletion: RoomDeletion,
    @Inject(ROOMS_DATA_SOURCE) private readonly db: DataSource,
  ) {}

  async list(): Promise<AdminRoomRow[]> {
    return (await this.rooms.listAll()).map((r) => ({
      id: r.id,
      name: r.name,
      owner_id: r.ownerId,
      status: r.status,
      created_at: r.createdAt.toISOString(),
    }));
  }

  async delete(roomId: string): Promise<RoomsDeleted> {
    const deleted = await this.deletion.delete([roomId]);
    if (deleted.roomIds.length === 0) throw new RoomsException(RoomsErrorCode.RoomNotFound, 'Room not found');
    return deleted;
  }

  stats(): Promise<RoomStats> {
    return this.rooms.stats();
  }

  health(): Promise<ServiceHealth> {
    return databaseHealth(this.db);
  }
}
