/** The codes follow those of Supabase's auth server (GoTrue); the web maps each to its texts. */
export enum AccountsErrorCode {
  InvalidCredentials = 'invalid_credentials',
  UserAlreadyExists = 'user_already_exists',
  EmailExists = 'email_exists',
  EmailNotConfirmed = 'email_not_confirmed',
  NotAuthenticated = 'not_authenticated',
  InvalidRefreshToken = 'refresh_token_not_found',
  RefreshTokenReused = 'refresh_token_already_used',
  TooManyAttempts = 'over_request_rate_limit',
  InvalidIdToken = 'bad_oauth_token',
  SocialNotConfigured = 'provider_disabled',
  InvalidLink = 'otp_expired',
  /** An admin call named a user that does not exist. */
  UserNotFound = 'user_not_found',
  /** The caller's role does not allow the call (admin calls by a user). */
  Forbidden = 'forbidden',
}
