import type { ErrorCode } from '@lt/contracts';

/**
 * Base of every module's exception. `code` is a value of that module's error-code enum (libs/contracts);
 * the gateway maps codes to HTTP statuses and WebSocket error frames in one place.
 */
export class DomainException extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** For a refusal that passes with time: how long the caller should wait (HTTP `Retry-After`). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
