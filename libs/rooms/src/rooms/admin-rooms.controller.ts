import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ROOMS_SUBJECTS, type BusPayload } from '@lt/contracts';
import { OnRequest } from '@lt/platform';
import { AdminRoomsService } from './admin-rooms.service';
import { RoomDeletion } from './room-deletion.service';

/** The admin panel's rooms, account deletion's purge, and the health check. */
@Controller()
export class AdminRoomsController {
  constructor(
    private readonly admin: AdminRoomsService,
    private readonly deletion: RoomDeletion,
  ) {}

  @OnRequest(ROOMS_SUBJECTS.adminList)
  list() {
    return this.admin.list();
  }

  @OnRequest(ROOMS_SUBJECTS.adminDelete)
  delete(@Payload() request: BusPayload<typeof ROOMS_SUBJECTS.adminDelete>) {
    return this.admin.delete(request.roomId);
  }

  @OnRequest(ROOMS_SUBJECTS.adminStats)
  stats() {
    return this.admin.stats();
  }

  @OnRequest(ROOMS_SUBJECTS.purgeOwner)
  purgeOwner(@Payload() request: BusPayload<typeof ROOMS_SUBJECTS.purgeOwner>) {
    return this.deletion.purgeOwner(request.ownerId);
  }

  @OnRequest(ROOMS_SUBJECTS.health)
  health() {
    return this.admin.health();
  }
}
