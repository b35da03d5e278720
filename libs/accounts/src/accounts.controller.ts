import { Controller } from '@nestjs/common';
import {
  ACCOUNTS_SUBJECTS,
  type CallerRequest,
  type ClientRequest,
  type IdTokenGrantBody,
  type PasswordGrantBody,
  type RecoverBody,
  type RefreshGrantBody,
  type SignupBody,
  type TokenUsageEvent,
  type UpdateUserBody,
  type VerifyLinkRequest,
} from '@lt/contracts';
import { OnEvent, OnRequest } from '@lt/platform';
import { AccountService } from './auth/account.service';
import { AuthService } from './auth/auth.service';
import { ProfilesService } from './profiles/profiles.service';
import { LinksService } from './recovery/links.service';
import { TokenSigner } from './sessions/token-signer';

@Controller()
export class AccountsController {
  constructor(
    private readonly auth: AuthService,
    private readonly account: AccountService,
    private readonly links: LinksService,
    private readonly profiles: ProfilesService,
    private readonly signer: TokenSigner,
  ) {}

  @OnRequest(ACCOUNTS_SUBJECTS.signup)
  signup(request: ClientRequest<SignupBody>) {
    return this.auth.signup(request.body, request.client);
  }

  @OnRequest(ACCOUNTS_SUBJECTS.passwordGrant)
  passwordGrant(body: PasswordGrantBody) {
    return this.auth.passwordGrant(body);
  }

  @OnRequest(ACCOUNTS_SUBJECTS.refreshGrant)
  refreshGrant(body: RefreshGrantBody) {
    return this.auth.refreshGrant(body.refresh_token);
  }

  @OnRequest(ACCOUNTS_SUBJECTS.idTokenGrant)
  idTokenGrant(body: IdTokenGrantBody) {
    return this.auth.idTokenGrant(body.provider, body.id_token);
  }

  @OnRequest(ACCOUNTS_SUBJECTS.logout)
  async logout(request: CallerRequest) {
    await this.auth.logout(request.caller.userId, request.caller.sessionId);
    return {};
  }

  @OnRequest(ACCOUNTS_SUBJECTS.recover)
  recover(request: ClientRequest<RecoverBody>) {
    return this.links.recover(request.body.email, request.client.origin);
  }

  @OnRequest(ACCOUNTS_SUBJECTS.verifyLink)
  verifyLink(request: VerifyLinkRequest) {
    return this.links.verify(request.token, request.type);
  }

  @OnRequest(ACCOUNTS_SUBJECTS.getUser)
  getUser(request: CallerRequest) {
    return this.auth.getUser(request.caller.sessionId);
  }

  @OnRequest(ACCOUNTS_SUBJECTS.updateUser)
  updateUser(request: CallerRequest<UpdateUserBody>) {
    return this.account.update(request.caller.sessionId, request.body);
  }

  @OnRequest(ACCOUNTS_SUBJECTS.deleteUser)
  async deleteUser(request: CallerRequest) {
    await this.account.delete(request.caller.sessionId);
    return {};
  }

  @OnRequest(ACCOUNTS_SUBJECTS.getProfile)
  getProfile(request: CallerRequest) {
    return this.account.profile(request.caller.sessionId);
  }

  @OnRequest(ACCOUNTS_SUBJECTS.jwks)
  jwks() {
    return this.signer.jwks();
  }

  @OnEvent(ACCOUNTS_SUBJECTS.trackUsage, { queue: 'accounts' })
  trackUsage(event: TokenUsageEvent) {
    return this.profiles.trackUsage(event).then(() => undefined);
  }
}
