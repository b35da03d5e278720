import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ROOMS_SUBJECTS, TRANSLATE_SUBJECTS, type BusPayload } from '@lt/contracts';
import { OnEvent, OnRequest } from '@lt/platform';
import { RoomPurge } from './room-purge.service';

@Controller()
export class RoomPurgeController {
  constructor(private readonly purge: RoomPurge) {}

  @OnRequest(TRANSLATE_SUBJECTS.purgeRooms)
  purgeRooms(@Payload() request: BusPayload<typeof TRANSLATE_SUBJECTS.purgeRooms>) {
    return this.purge.purge(request);
  }

  /** Every replica (no queue): rows a replica was still finishing for rooms that are gone are swept once more. */
  @OnEvent(ROOMS_SUBJECTS.roomsDeleted)
  async roomsDeleted(@Payload() event: BusPayload<typeof ROOMS_SUBJECTS.roomsDeleted>) {
    await this.purge.purge({ roomIds: event.roomIds });
  }

  /** Every replica (no queue): the same for rooms whose content went (their retention). */
  @OnEvent(ROOMS_SUBJECTS.roomsPurged)
  async roomsPurged(@Payload() event: BusPayload<typeof ROOMS_SUBJECTS.roomsPurged>) {
    await this.purge.purge(event);
  }

  @OnRequest(TRANSLATE_SUBJECTS.health)
  health() {
    return this.purge.health();
  }
}
