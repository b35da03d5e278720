import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { LIVE_SUBJECTS, type BusPayload } from '@lt/contracts';
import { OnEvent } from '@lt/platform';
import { PresenceRegistry } from './presence.registry';

@Controller()
export class PresenceController {
  constructor(private readonly presence: PresenceRegistry) {}

  /** Every replica keeps the whole picture: no queue group. */
  @OnEvent(LIVE_SUBJECTS.presence)
  update(@Payload() event: BusPayload<typeof LIVE_SUBJECTS.presence>) {
    this.presence.update(event);
  }
}
