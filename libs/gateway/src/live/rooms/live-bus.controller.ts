import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ACCOUNTS_SUBJECTS, LIVE_SUBJECTS, type BusPayload } from '@lt/contracts';
import { OnEvent } from '@lt/platform';
import { AccessTokens } from '../../auth/access-tokens';
import { LiveRooms } from './live-rooms';

/** What every gateway hears (no queue group): revoked sessions, and services asking for presence again. */
@Controller()
export class LiveBusController {
  constructor(
    private readonly tokens: AccessTokens,
    private readonly rooms: LiveRooms,
  ) {}

  @OnEvent(ACCOUNTS_SUBJECTS.sessionRevoked)
  sessionRevoked(@Payload() event: BusPayload<typeof ACCOUNTS_SUBJECTS.sessionRevoked>) {
    this.tokens.revoke(event);
  }

  @OnEvent(LIVE_SUBJECTS.presenceSync)
  presenceSync() {
    this.rooms.publishAllPresence();
  }
}
