import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ROOMS_SUBJECTS, USAGE_SUBJECTS, type BusPayload } from '@lt/contracts';
import { OnEvent, OnRequest } from '@lt/platform';
import { UsageRepository } from './usage.repository';
import { UsageService } from './usage.service';

@Controller()
export class UsageController {
  constructor(
    private readonly usage: UsageService,
    private readonly ledger: UsageRepository,
  ) {}

  @OnRequest(USAGE_SUBJECTS.status)
  status(@Payload() request: BusPayload<typeof USAGE_SUBJECTS.status>) {
    return this.usage.status(request);
  }

  @OnRequest(USAGE_SUBJECTS.apply)
  apply(@Payload() request: BusPayload<typeof USAGE_SUBJECTS.apply>) {
    return this.usage.apply(request);
  }

  @OnRequest(USAGE_SUBJECTS.reserve)
  reserve(@Payload() request: BusPayload<typeof USAGE_SUBJECTS.reserve>) {
    return this.usage.reserve(request);
  }

  @OnRequest(USAGE_SUBJECTS.spentSince)
  async spentSince(@Payload() request: BusPayload<typeof USAGE_SUBJECTS.spentSince>) {
    return { tokens: await this.ledger.spentSince(request.roomId, new Date(request.since)) };
  }

  @OnRequest(USAGE_SUBJECTS.release)
  async release(@Payload() request: BusPayload<typeof USAGE_SUBJECTS.release>) {
    await this.ledger.release(request.ids);
    return {};
  }

  @OnRequest(USAGE_SUBJECTS.forgetRooms)
  async forgetRooms(@Payload() request: BusPayload<typeof USAGE_SUBJECTS.forgetRooms>) {
    await this.ledger.forgetRooms(request.roomIds);
    return {};
  }

  /** Spending reported while the rooms were being deleted is swept once more, by one replica. */
  @OnEvent(ROOMS_SUBJECTS.roomsDeleted, { queue: 'accounts' })
  async roomsDeleted(@Payload() event: BusPayload<typeof ROOMS_SUBJECTS.roomsDeleted>) {
    await this.ledger.forgetRooms(event.roomIds);
  }
}
