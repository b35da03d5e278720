import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ACCOUNTS_SUBJECTS, type BusPayload } from '@lt/contracts';
import { OnRequest } from '@lt/platform';
import { AccountsService } from '../auth/accounts.service';
import { AuthService } from '../auth/auth.service';

@Controller()
export class UsersController {
  constructor(
    private readonly auth: AuthService,
    private readonly account: AccountsService,
  ) {}

  @OnRequest(ACCOUNTS_SUBJECTS.getUser)
  get(@Payload() request: BusPayload<typeof ACCOUNTS_SUBJECTS.getUser>) {
    return this.auth.getUser(request.caller.sessionId);
  }

  @OnRequest(ACCOUNTS_SUBJECTS.updateUser)
  update(@Payload() request: BusPayload<typeof ACCOUNTS_SUBJECTS.updateUser>) {
    return this.account.update(request.caller.sessionId, request.body);
  }

  @OnRequest(ACCOUNTS_SUBJECTS.deleteUser)
  async delete(@Payload() request: BusPayload<typeof ACCOUNTS_SUBJECTS.deleteUser>) {
    await this.account.delete(request.caller.sessionId);
    return {};
  }
}
