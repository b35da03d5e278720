import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ACCOUNTS_SUBJECTS, type BusPayload } from '@lt/contracts';
import { OnRequest } from '@lt/platform';
import { AuthService } from './auth.service';

@Controller()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @OnRequest(ACCOUNTS_SUBJECTS.signup)
  signup(@Payload() request: BusPayload<typeof ACCOUNTS_SUBJECTS.signup>) {
    return this.auth.signup(request.body, request.client);
  }

  @OnRequest(ACCOUNTS_SUBJECTS.passwordGrant)
  passwordGrant(@Payload() request: BusPayload<typeof ACCOUNTS_SUBJECTS.passwordGrant>) {
    return this.auth.passwordGrant(request.body, request.client);
  }

  @OnRequest(ACCOUNTS_SUBJECTS.refreshGrant)
  refreshGrant(@Payload() body: BusPayload<typeof ACCOUNTS_SUBJECTS.refreshGrant>) {
    return this.auth.refreshGrant(body.refresh_token);
  }

  @OnRequest(ACCOUNTS_SUBJECTS.idTokenGrant)
  idTokenGrant(@Payload() body: BusPayload<typeof ACCOUNTS_SUBJECTS.idTokenGrant>) {
    return this.auth.idTokenGrant(body.provider, body.id_token);
  }

  @OnRequest(ACCOUNTS_SUBJECTS.logout)
  async logout(@Payload() request: BusPayload<typeof ACCOUNTS_SUBJECTS.logout>) {
    await this.auth.logout(request.caller.userId, request.caller.sessionId);
    return {};
  }
}
