/** Errors the gateway answers itself, before any service is asked. */
export enum GatewayErrorCode {
  ValidationFailed = 'validation_failed',
  NotAuthenticated = 'not_authenticated',
  TooManyRequests = 'over_request_rate_limit',
  InvalidLink = 'otp_expired',
  /** PUBLIC_URL is unset and the request's Host is not one links may be built on. */
  UntrustedHost = 'untrusted_host',
  /** A state-changing call whose body is not JSON. */
  UnsupportedMediaType = 'unsupported_media_type',
  /** A state-changing call from a page of another origin. */
  ForbiddenOrigin = 'forbidden_origin',
  /** The caller is signed in but its role does not allow the call (the admin API for a user). */
  Forbidden = 'forbidden',
  /** The caller's account archive is being downloaded already: one at a time per user. */
  ArchiveInProgress = 'archive_in_progress',
}
