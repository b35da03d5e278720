import { Injectable } from '@nestjs/common';
import type { PurgeRoomsRequest, ServiceHealth } from '@lt/contracts';
import { PurgedRooms } from './purged-rooms';
import { RoomDataRepository } from './room-data.repository';

@Injectable()
export class RoomPurge {
  constructor(
    private readonly rooms: RoomDataRepository,
    private readonly purged: PurgedRooms,
  ) {}

  /**
   * Records the purge first (from then on no writer of any replica stores for those rooms: for good with marks, a
   * while for deleted rooms), then deletes their rows. Idempotent: rooms purged twice, or never translated, delete
   * nothing more.
   */
  async purge(request: PurgeRoomsRequest): Promise<{ deleted: number }> {
    if (request.marks) await this.purged.record(request.marks);
    else await this.purged.deleted(request.roomIds);
    return { deleted: await this.rooms.deleteRooms(request.roomIds) };
  }

  health(): Promise<ServiceHealth> {
    return this.rooms.health();
  }
}
