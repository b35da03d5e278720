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

  /**
   * Reports what one call spent. `eventId`: the id its estimate was held under (`reserve`), which goes as the
   * usage is counted.
   */
  abstract report(roomId: string, eventType: UsageEventType, tokens: number, eventId?: string): void;

  /**
   * Holds about `tokens` of the room's spending for one call before it is made: the id to report its usage
   * with, or null when the quota or budget (or `cap`, the room's own ceiling since a moment) would be passed.
   */
  async reserve(_roomId: string, _tokens: number, _cap?: { tokens: number; since: string }): Promise<string | null> {
    return crypto.randomUUID();
  }

  /** The call held under `id` reported no usage (it failed before any): what it held goes. */
  release(_id: string): void {
    // Nothing is held by this default: a meter that holds (BusUsageMeter) lets it go.
    return undefined;
  }
}
