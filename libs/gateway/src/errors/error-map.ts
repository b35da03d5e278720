import { HttpStatus } from '@nestjs/common';
import { LiveErrorCode } from '@lt/contracts';
import { BUS_ERROR_CODES } from '@lt/platform';
import { AccountsErrorCode } from '@lt/accounts';
import { RoomsErrorCode } from '@lt/rooms';

/** Every error code any service can answer, with its HTTP status: the one place where they are mapped. */
const STATUS_BY_CODE: Record<string, HttpStatus> = {
  [RoomsErrorCode.RoomNotFound]: HttpStatus.NOT_FOUND,
  [RoomsErrorCode.InvalidHostKey]: HttpStatus.FORBIDDEN,
  [RoomsErrorCode.RoomNotActive]: HttpStatus.CONFLICT,
  [AccountsErrorCode.InvalidCredentials]: HttpStatus.BAD_REQUEST,
  [AccountsErrorCode.UserAlreadyExists]: HttpStatus.UNPROCESSABLE_ENTITY,
  [AccountsErrorCode.EmailExists]: HttpStatus.UNPROCESSABLE_ENTITY,
  [AccountsErrorCode.EmailNotConfirmed]: HttpStatus.BAD_REQUEST,
  [AccountsErrorCode.NotAuthenticated]: HttpStatus.UNAUTHORIZED,
  [AccountsErrorCode.InvalidRefreshToken]: HttpStatus.BAD_REQUEST,
  [AccountsErrorCode.RefreshTokenReused]: HttpStatus.BAD_REQUEST,
  [AccountsErrorCode.TooManyAttempts]: HttpStatus.TOO_MANY_REQUESTS,
  [AccountsErrorCode.InvalidIdToken]: HttpStatus.BAD_REQUEST,
  [AccountsErrorCode.SocialNotConfigured]: HttpStatus.BAD_REQUEST,
  [AccountsErrorCode.InvalidLink]: HttpStatus.FORBIDDEN,
  validation_failed: HttpStatus.BAD_REQUEST,
  [LiveErrorCode.BadFrame]: HttpStatus.BAD_REQUEST,
  [LiveErrorCode.Forbidden]: HttpStatus.FORBIDDEN,
  [LiveErrorCode.RateLimited]: HttpStatus.TOO_MANY_REQUESTS,
  [BUS_ERROR_CODES.unavailable]: HttpStatus.SERVICE_UNAVAILABLE,
  [BUS_ERROR_CODES.timeout]: HttpStatus.GATEWAY_TIMEOUT,
  [BUS_ERROR_CODES.internal]: HttpStatus.INTERNAL_SERVER_ERROR,
};

export function httpStatusOf(code: string): HttpStatus {
  return STATUS_BY_CODE[code] ?? HttpStatus.INTERNAL_SERVER_ERROR;
}

/** WebSocket error code for a service error code (they share names where they mean the same). */
export function liveCodeOf(code: string): LiveErrorCode {
  const known = Object.values(LiveErrorCode) as string[];
  if (known.includes(code)) return code as LiveErrorCode;
  if (code === BUS_ERROR_CODES.unavailable || code === BUS_ERROR_CODES.timeout) return LiveErrorCode.Unavailable;
  return LiveErrorCode.Internal;
}
