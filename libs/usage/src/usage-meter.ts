import { Logger } from '@nestjs/common';
import type { UsageEventType } from '@lt/contracts';

/** What one call spent, as recorded once. */
export interface CallUsage {
  roomId: string;
  eventType: UsageEventType;
  /** Tokens of a model call; characters of speech, seconds of recognition. */
  tokens: number;
  /** The id its estimate was held under (`reserve`), which goes as the usage is counted. */
  eventId: string;
}

export type UsageListener = (usage: CallUsage) => void;

/** What a service sets of its meter. */
export interface MeterSettings {
  /** Tokens an ended room may spend (a new language's history for a visitor) when its owner set no other. */
  endedAllowance: number;
  /** How long what accounts-svc said of whether a room may spend holds: an admin's reset is seen this soon. */
  spendingTtlMs: number;
  /** How long what rooms-svc said of a room's end and allowance holds: an owner's edit is seen this soon. */
  endTtlMs: number;
}
export const DEFAULT_METER_SETTINGS: MeterSettings = { endedAllowance: 2_000, spendingTtlMs: 2_000, endTtlMs: 5_000 };
/** The injection token of the service's `MeterSettings` (the defaults when it provides none). */
export const METER_SETTINGS = Symbol('METER_SETTINGS');

/**
 * What a service that calls a language model or a speech provider needs of metering: whether a room may
 * spend now, a hold on its spending before a call, and the one record of what each call spent. Everything
 * that counts usage subscribes to that record (`onUsage`): the quota's ledger (`BusUsageMeter`), the rooms'
 * analytics (`AnalyticsRelay`), a room's interim total; no caller tells them one by one. Each such service
 * provides `BusUsageMeter` for this token.
 */
export abstract class UsageMeter {
  private readonly usageLogger = new Logger('UsageMeter');
  private readonly listeners = new Set<UsageListener>();

  /** Whether the room may make one more call. */
  abstract allowed(roomId: string): Promise<boolean>;

  /** Records what one call spent, once: every subscriber hears it. */
  report(roomId: string, eventType: UsageEventType, tokens: number, eventId: string = crypto.randomUUID()): void {
    const usage: CallUsage = { roomId, eventType, tokens, eventId };
    for (const listener of this.listeners) {
      try {
        listener(usage);
      } catch (error) {
        this.usageLogger.error(`a subscriber of the usage of room ${roomId} failed: ${(error as Error).message}`);
      }
    }
  }

  /** Hears every call's usage recorded from now on; the function returned stops it. */
  onUsage(listener: UsageListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

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
