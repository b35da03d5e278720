import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ROOMS_SUBJECTS, type BusPayload } from '@lt/contracts';
import { OnEvent } from '@lt/platform';
import { RoomRetention } from './room-retention.service';

@Controller()
export class RetentionController {
  constructor(private readonly retention: RoomRetention) {}

  /** Every replica (no queue), the one that purged too: what it held or a late writer stored for those rooms goes. */
  @OnEvent(ROOMS_SUBJECTS.roomsPurged)
  async roomsPurged(@Payload() event: BusPayload<typeof ROOMS_SUBJECTS.roomsPurged>) {
    await this.retention.purged(event);
  }
}
