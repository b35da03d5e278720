import { Injectable } from '@nestjs/common';
import type { ServiceHealth } from '@lt/contracts';
import { PurgedRooms } from './purged-rooms';
import { RoomDataRepository } from './room-data.repository';

@Injectable()
export class RoomPurge {
  constructor(
    private readonly rooms: RoomDataRepository,
    private readonly purged: PurgedRooms,
  ) {}

  /** Idempotent: rooms purged twice, or never translated, delete nothing more. */
  async purge(roomIds: string[]): Promise<{ deleted: number }> {
    this.purged.add(roomIds);
    return { deleted: await this.rooms.deleteRooms(roomIds) };
  }

  health(): Promise<ServiceHealth> {
    return this.rooms.health();
  }
}
