/** Errors the gateway answers itself, before any service is asked. */
export enum GatewayErrorCode {
  ValidationFailed = 'validation_failed',
  NotAuthenticated = 'not_authenticated',
  TooManyRequests = 'over_request_rate_limit',
  InvalidLink = 'otp_expired',
}
