import { HttpStatus } from '@nestjs/common';
import {
  AccountsErrorCode,
  assertUnreachable,
  BusErrorCode,
  GatewayErrorCode,
  LiveErrorCode,
  RoomsErrorCode,
  SummaryErrorCode,
  TtsErrorCode,
  type ErrorCode,
} from '@lt/contracts';

/**
 * Every error code any service or the gateway can answer, with its HTTP status: the one place where they are
 * mapped. A code added to an enum in libs/contracts and not handled here fails the type check.
 */
export function httpStatusOf(code: ErrorCode): HttpStatus {
  switch (code) {
    case RoomsErrorCode.RoomNotFound:
    case LiveErrorCode.RoomNotFound:
    case AccountsErrorCode.UserNotFound:
    case RoomsErrorCode.SpeakerNotFound:
    case RoomsErrorCode.QuestionNotFound:
    case TtsErrorCode.NotConfigured:
    case TtsErrorCode.NoVoice:
    case TtsErrorCode.MessageNotFound:
      return HttpStatus.NOT_FOUND;
    case SummaryErrorCode.NothingToSummarize:
    case SummaryErrorCode.QuotaExhausted:
    case TtsErrorCode.QuotaExhausted:
    case LiveErrorCode.RecognitionQuotaExhausted:
      return HttpStatus.CONFLICT;
    case TtsErrorCode.SynthesisFailed:
    case SummaryErrorCode.Unavailable:
      return HttpStatus.SERVICE_UNAVAILABLE;
    case RoomsErrorCode.InvalidHostKey:
    case LiveErrorCode.InvalidHostKey:
    case LiveErrorCode.InvalidInvite:
    case RoomsErrorCode.InvalidInvite:
    case RoomsErrorCode.TranscriptDownloadsOff:
    case RoomsErrorCode.QuestionsOff:
    case RoomsErrorCode.OwnQuestion:
    case LiveErrorCode.SpeakerRemoved:
    case LiveErrorCode.Forbidden:
    case AccountsErrorCode.InvalidLink:
    case GatewayErrorCode.InvalidLink:
    case GatewayErrorCode.ForbiddenOrigin:
    case GatewayErrorCode.Forbidden:
    case AccountsErrorCode.Forbidden:
      return HttpStatus.FORBIDDEN;
    case RoomsErrorCode.RoomNotActive:
    case RoomsErrorCode.RoomEnded:
    case RoomsErrorCode.QuestionsFull:
    case LiveErrorCode.RoomNotActive:
    case LiveErrorCode.AlreadyJoined:
    case LiveErrorCode.NotJoined:
      return HttpStatus.CONFLICT;
    case AccountsErrorCode.InvalidCredentials:
    case AccountsErrorCode.EmailNotConfirmed:
    case AccountsErrorCode.InvalidRefreshToken:
    case AccountsErrorCode.RefreshTokenReused:
    case AccountsErrorCode.InvalidIdToken:
    case AccountsErrorCode.SocialNotConfigured:
    case GatewayErrorCode.ValidationFailed:
    case GatewayErrorCode.UntrustedHost:
    case LiveErrorCode.BadFrame:
    case LiveErrorCode.LanguageRequired:
    case RoomsErrorCode.LanguageRequired:
    case BusErrorCode.BadRequest:
      return HttpStatus.BAD_REQUEST;
    case AccountsErrorCode.UserAlreadyExists:
    case AccountsErrorCode.EmailExists:
      return HttpStatus.UNPROCESSABLE_ENTITY;
    case GatewayErrorCode.UnsupportedMediaType:
      return HttpStatus.UNSUPPORTED_MEDIA_TYPE;
    case AccountsErrorCode.NotAuthenticated:
    case GatewayErrorCode.NotAuthenticated:
      return HttpStatus.UNAUTHORIZED;
    case AccountsErrorCode.TooManyAttempts:
    case GatewayErrorCode.TooManyRequests:
    case GatewayErrorCode.ArchiveInProgress:
    case LiveErrorCode.RateLimited:
      return HttpStatus.TOO_MANY_REQUESTS;
    case BusErrorCode.Unavailable:
    case LiveErrorCode.Unavailable:
      return HttpStatus.SERVICE_UNAVAILABLE;
    case BusErrorCode.Timeout:
      return HttpStatus.GATEWAY_TIMEOUT;
    case BusErrorCode.PayloadTooLarge:
      return HttpStatus.BAD_GATEWAY;
    case BusErrorCode.Internal:
    case LiveErrorCode.Internal:
      return HttpStatus.INTERNAL_SERVER_ERROR;
    default:
      return assertUnreachable(code);
  }
}

/** The WebSocket error code for any code: the same name where they mean the same, else the nearest. */
export function liveCodeOf(code: ErrorCode): LiveErrorCode {
  switch (code) {
    case RoomsErrorCode.RoomNotFound:
    case RoomsErrorCode.QuestionNotFound:
    case TtsErrorCode.MessageNotFound:
      return LiveErrorCode.RoomNotFound;
    case TtsErrorCode.NotConfigured:
    case TtsErrorCode.NoVoice:
    case TtsErrorCode.SynthesisFailed:
    case SummaryErrorCode.Unavailable:
    case SummaryErrorCode.NothingToSummarize:
    case SummaryErrorCode.QuotaExhausted:
    case TtsErrorCode.QuotaExhausted:
      return LiveErrorCode.Unavailable;
    case RoomsErrorCode.InvalidHostKey:
      return LiveErrorCode.InvalidHostKey;
    case RoomsErrorCode.RoomNotActive:
    case RoomsErrorCode.RoomEnded:
    case RoomsErrorCode.QuestionsFull:
      return LiveErrorCode.RoomNotActive;
    case RoomsErrorCode.LanguageRequired:
      return LiveErrorCode.LanguageRequired;
    case RoomsErrorCode.InvalidInvite:
    case RoomsErrorCode.SpeakerNotFound:
      return LiveErrorCode.InvalidInvite;
    case BusErrorCode.Unavailable:
    case BusErrorCode.Timeout:
      return LiveErrorCode.Unavailable;
    case BusErrorCode.BadRequest:
    case GatewayErrorCode.ValidationFailed:
    case GatewayErrorCode.UnsupportedMediaType:
      return LiveErrorCode.BadFrame;
    case AccountsErrorCode.NotAuthenticated:
    case GatewayErrorCode.NotAuthenticated:
    case AccountsErrorCode.InvalidCredentials:
    case AccountsErrorCode.InvalidRefreshToken:
    case AccountsErrorCode.RefreshTokenReused:
    case AccountsErrorCode.InvalidIdToken:
    case AccountsErrorCode.InvalidLink:
    case GatewayErrorCode.InvalidLink:
    case GatewayErrorCode.UntrustedHost:
    case GatewayErrorCode.ForbiddenOrigin:
    case AccountsErrorCode.EmailNotConfirmed:
    case AccountsErrorCode.SocialNotConfigured:
    case AccountsErrorCode.UserAlreadyExists:
    case AccountsErrorCode.EmailExists:
    case AccountsErrorCode.UserNotFound:
    case AccountsErrorCode.Forbidden:
    case GatewayErrorCode.Forbidden:
    case RoomsErrorCode.TranscriptDownloadsOff:
    case RoomsErrorCode.QuestionsOff:
    case RoomsErrorCode.OwnQuestion:
      return LiveErrorCode.Forbidden;
    case AccountsErrorCode.TooManyAttempts:
    case GatewayErrorCode.TooManyRequests:
    case GatewayErrorCode.ArchiveInProgress:
      return LiveErrorCode.RateLimited;
    case BusErrorCode.Internal:
    case BusErrorCode.PayloadTooLarge:
      return LiveErrorCode.Internal;
    case LiveErrorCode.BadFrame:
    case LiveErrorCode.NotJoined:
    case LiveErrorCode.AlreadyJoined:
    case LiveErrorCode.Forbidden:
    case LiveErrorCode.RoomNotFound:
    case LiveErrorCode.InvalidHostKey:
    case LiveErrorCode.InvalidInvite:
    case LiveErrorCode.RoomNotActive:
    case LiveErrorCode.SpeakerRemoved:
    case LiveErrorCode.LanguageRequired:
    case LiveErrorCode.RateLimited:
    case LiveErrorCode.Unavailable:
    case LiveErrorCode.Internal:
    case LiveErrorCode.RecognitionQuotaExhausted:
      return code;
    default:
      return assertUnreachable(code);
  }
}
