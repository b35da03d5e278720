import { Controller } from '@nestjs/common';
import { ACCOUNTS_SUBJECTS } from '@lt/contracts';
import { OnRequest } from '@lt/platform';
import { TokenSigner } from './token-signer';

@Controller()
export class KeysController {
  constructor(private readonly signer: TokenSigner) {}

  @OnRequest(ACCOUNTS_SUBJECTS.jwks)
  jwks() {
    return this.signer.jwks();
  }
}
