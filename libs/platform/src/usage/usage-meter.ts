import type { UsageEventType } from '@lt/contracts';

/**
 * What a service that calls a language model or a speech provider needs of metering: whether a room may
 * spend now, and what a call spent. Only the shape lives here, for the services' code to depend on; the
 * metering itself (asking and telling accounts-svc over the bus) is `BusUsageMeter` of `@lt/usage`, which
 * each such service provides for this token.
 */
export abstract class UsageMeter {
  /** Whether the room may make one more call. */
  abstract allowed(roomId: string): Promise<boolean>;

  /** Reports what one call spent. */
  abstract report(roomId: string, eventType: UsageEventType, tokens: number): void;
}
