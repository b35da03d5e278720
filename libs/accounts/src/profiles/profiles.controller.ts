import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ACCOUNTS_SUBJECTS, type BusPayload } from '@lt/contracts';
import { OnEvent, OnRequest } from '@lt/platform';
import { AccountsService } from '../auth/accounts.service';
import { ProfilesService } from './profiles.service';

@Controller()
export class ProfilesController {
  constructor(
    private readonly account: AccountsService,
    private readonly profiles: ProfilesService,
  ) {}

  @OnRequest(ACCOUNTS_SUBJECTS.getProfile)
  get(@Payload() request: BusPayload<typeof ACCOUNTS_SUBJECTS.getProfile>) {
    return this.account.profile(request.caller.sessionId);
  }

  @OnRequest(ACCOUNTS_SUBJECTS.updateProfile)
  update(@Payload() request: BusPayload<typeof ACCOUNTS_SUBJECTS.updateProfile>) {
    return this.account.updateProfile(request.caller.sessionId, request.body);
  }

  /** Each usage event to one replica; applied once per event id whatever happens. */
  @OnEvent(ACCOUNTS_SUBJECTS.trackUsage, { queue: 'accounts' })
  async trackUsage(@Payload() event: BusPayload<typeof ACCOUNTS_SUBJECTS.trackUsage>) {
    await this.profiles.trackUsage(event);
  }
}
