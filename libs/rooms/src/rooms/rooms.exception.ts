import { RoomsErrorCode } from '@lt/contracts';
import { DomainException } from '@lt/platform';

export { RoomsErrorCode };

export class RoomsException extends DomainException {
  constructor(code: RoomsErrorCode, message: string) {
    super(code, message);
  }
}
