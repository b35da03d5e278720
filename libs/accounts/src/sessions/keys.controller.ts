import { Controller } from '@nestjs/common';
import { ACCOUNTS_SUBJECTS } from '@lt/contracts';
import { OnRequest } from '@lt/platform';
import { SessionsService } from './sessions.service';
import { TokenSigner } from './token-signer';

/** What gateways need to check access tokens on their own: the public keys, and the sessions revoked lately. */
@Controller()
export class KeysController {
  constructor(
    private readonly signer: TokenSigner,
    private readonly sessions: SessionsService,
  ) {}

  @OnRequest(ACCOUNTS_SUBJECTS.jwks)
  jwks() {
    return this.signer.jwks();
  }

  @OnRequest(ACCOUNTS_SUBJECTS.revokedSessions)
  revokedSessions() {
    return this.sessions.recentlyRevoked();
  }
}
