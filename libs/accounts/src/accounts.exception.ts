import { AccountsErrorCode } from '@lt/contracts';
import { DomainException } from '@lt/platform';

export { AccountsErrorCode };

export class AccountsException extends DomainException {
  constructor(code: AccountsErrorCode, message: string, retryAfterSeconds?: number) {
    super(code, message, retryAfterSeconds);
  }
}
