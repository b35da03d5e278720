/** Codes of `{"type":"error"}` frames and of `{"error":{"code"}}` HTTP bodies. */
export enum LiveErrorCode {
  BadFrame = 'bad_frame',
  NotJoined = 'not_joined',
  AlreadyJoined = 'already_joined',
  Forbidden = 'forbidden',
  RoomNotFound = 'room_not_found',
  InvalidHostKey = 'invalid_host_key',
  InvalidInvite = 'invalid_invite',
  RoomNotActive = 'room_not_active',
  /** The owner removed this speaker: sent right before the socket closes with 4004. */
  SpeakerRemoved = 'speaker_removed',
  LanguageRequired = 'language_required',
  RateLimited = 'rate_limited',
  Unavailable = 'unavailable',
  Internal = 'internal',
  /** The audio socket: the room's quota (its owner's, or an anonymous room's budget) is spent; recognition stops. */
  RecognitionQuotaExhausted = 'recognition_quota_exhausted',
}

/**
 * A transcript refused with one of these would be refused again: the sender drops it from its outbox. Any other
 * refusal is passing (a service restarting, a rate limit): the sender keeps it and sends it again later.
 */
export const FINAL_TRANSCRIPT_ERRORS: ReadonlySet<string> = new Set([
  LiveErrorCode.BadFrame,
  LiveErrorCode.Forbidden,
  LiveErrorCode.RoomNotActive,
  LiveErrorCode.InvalidInvite,
]);

/** WebSocket close codes the gateway uses. */
export const CLOSE_CODES = {
  normal: 1000,
  policyViolation: 1008,
  messageTooBig: 1009,
  internal: 1011,
  /** The session the socket was opened with was signed out or revoked. */
  signedOut: 4001,
  /** The reader fell too far behind (4 MB waiting): reconnect with `since`, nothing is lost. */
  tooSlow: 4002,
  /** The room was deleted (by its owner, an admin, or with the owner's account), after a `room_end` frame: final. */
  roomDeleted: 4003,
  /** The owner removed the speaker whose invite token the socket joined with, after a `speaker_removed` error: final. */
  speakerRemoved: 4004,
} as const;
