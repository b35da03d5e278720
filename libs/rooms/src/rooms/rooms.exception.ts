import { DomainException } from '@lt/platform';

export enum RoomsErrorCode {
  RoomNotFound = 'room_not_found',
  InvalidHostKey = 'invalid_host_key',
  RoomNotActive = 'room_not_active',
}

export class RoomsException extends DomainException {
  constructor(code: RoomsErrorCode, message: string) {
    super(code, message);
  }
}
