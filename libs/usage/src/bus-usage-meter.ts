import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap, Optional } from '@nestjs/common';
import { BusErrorCode, USAGE_SUBJECTS } from '@lt/contracts';
import { Bus, BusRemoteError, detached, ExpiringMap, productMetrics, SingleFlight } from '@lt/platform';
import { MeteredRooms } from './metered-rooms';
import { OutboxRelay } from './outbox-relay';
import { MemoryUsageOutbox, USAGE_OUTBOX, type UsageOutbox } from './usage-outbox';
import { DEFAULT_METER_SETTINGS, METER_SETTINGS, UsageMeter, type CallUsage, type MeterSettings } from './usage-meter';

/** How long a call's held estimate lasts when its usage never comes (the process died): longer than any call. */
const RESERVATION_TTL_MS = 180_000;
/** Rooms whose owner, status, end or refusal is kept; ended and deleted rooms are forgotten at once. */
const MAX_ROOMS = 10_000;
/**
 * How long a granted hold answers whether its room may spend: accounts-svc checked the quota with the hold, and
 * every later call of the room is held (and checked) again, so a room spent meanwhile is refused at its next call.
 */
const GRANTED_STATUS_MS = 10_000;
/** Holds granted whose usage is not reported yet, kept to know a reported call was held (at most as long as a hold lasts). */
const MAX_HELD = 100_000;

/**
 * Spending of the language model and the speech provider, for the services that call them: whether a room
 * may spend now (its owner's quota, or an anonymous room's budget, as accounts-svc keeps them), and the real
 * usage of each call. A report is first written to the outbox in the service's own schema, with an id of its
 * own, then relayed to accounts-svc, which applies each id once however often it is sent; a row goes once
 * accounts-svc has answered. What a process leaves in the outbox (killed, or accounts-svc away) is sent by
 * the next one, or by another replica. When a room's state changes (spent, or reset by an admin) a room
 * event tells the gateways, which tell the host and the viewers.
 */
@Injectable()
export class BusUsageMeter extends UsageMeter implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('UsageMeter');
  private readonly statuses: ExpiringMap<string, boolean>;
  /** The smallest hold each room was refused (until a status allows it again), and when. */
  private readonly refused = new ExpiringMap<string, { tokens: number; at: number }>({ max: MAX_ROOMS });
  private readonly exhausted = new Set<string>();
  /** Ids of the holds granted to this process whose usage has not been reported (nor released) yet. */
  private readonly held = new ExpiringMap<string, true>({ max: MAX_HELD, ttlMs: RESERVATION_TTL_MS });
  /** Per room, whether it may spend as asked of accounts-svc now: the calls of its sentences, asked together, share the question. */
  private readonly asking = new SingleFlight<string, boolean>();
  /** Each room's owner and end, as rooms-svc said lately. */
  private readonly known: MeteredRooms;
  private readonly relay: OutboxRelay;

  constructor(
    private readonly bus: Bus,
    @Optional() @Inject(USAGE_OUTBOX) outbox?: UsageOutbox,
    @Optional() @Inject(METER_SETTINGS) private readonly settings: MeterSettings = DEFAULT_METER_SETTINGS,
  ) {
    super();
    this.statuses = new ExpiringMap({ max: MAX_ROOMS, ttlMs: settings.spendingTtlMs });
    this.known = new MeteredRooms(bus, MAX_ROOMS, settings.endTtlMs);
    this.relay = new OutboxRelay(bus, outbox ?? new MemoryUsageOutbox(), this.known);
    // The quota's ledger is one subscriber of the usage recorded.
    this.onUsage((usage) => this.charge(usage));
  }

  /** What an earlier process left is sent at start, and the outbox looked at now and then. */
  onApplicationBootstrap(): void {
    this.relay.start();
  }

  /** Whether the room may make one more call. When accounts-svc cannot be asked, the call is allowed. */
  async allowed(roomId: string): Promise<boolean> {
    const cached = this.statuses.get(roomId);
    if (cached !== undefined) return cached;
    return this.asking.run(roomId, () => this.askStatus(roomId));
  }

  private async askStatus(roomId: string): Promise<boolean> {
    try {
      const status = await this.bus.request(
        USAGE_SUBJECTS.status,
        { roomId, ownerId: await this.known.ownerOf(roomId) },
        { timeoutMs: 2_000 },
      );
      // A room refused a hold stays spent until what is left holds that call again (an admin's reset).
      const refused = this.refused.get(roomId);
      const allowed = status.allowed && !(refused && status.remaining < refused.tokens);
      if (allowed) this.refused.delete(roomId);
      this.statuses.set(roomId, allowed);
      this.announce(roomId, !allowed);
      return allowed;
    } catch (error) {
      this.logger.warn(`could not ask whether room ${roomId} may spend: ${(error as Error).message}`);
      return true;
    }
  }

  /**
   * Holds the estimate of one call before it is made. When accounts-svc is away the call is allowed (as
   * `allowed` does): its usage is still counted once reported.
   */
  override async reserve(roomId: string, tokens: number, cap?: { tokens: number; since: string }): Promise<string | null> {
    const id = crypto.randomUUID();
    // A room just refused as much is not asked again until that answer lapses.
    const refused = this.refused.get(roomId);
    if (refused && tokens >= refused.tokens && Date.now() - refused.at < this.settings.spendingTtlMs) return null;
    try {
      const ownerId = await this.known.ownerOf(roomId);
      // An ended room spends only its allowance from its end (a visitor reading it in a new language).
      const ended = cap ? null : await this.known.ended(roomId);
      const ceiling = cap ?? (ended ? { tokens: ended.allowance ?? this.settings.endedAllowance, since: ended.at } : undefined);
      const { granted } = await this.bus.request(
        USAGE_SUBJECTS.reserve,
        { id, roomId, ownerId, tokens: Math.ceil(tokens), ttlMs: RESERVATION_TTL_MS, cap: ceiling },
        { timeoutMs: 5_000 },
      );
      if (!granted) this.refused.set(roomId, { tokens: Math.min(tokens, refused?.tokens ?? Infinity), at: Date.now() });
      // Granted: the room may spend (the quota held this call), which the next calls need not ask accounts-svc again.
      if (granted) {
        this.held.set(id, true);
        if (!refused && !this.exhausted.has(roomId)) this.statuses.set(roomId, true, GRANTED_STATUS_MS);
      }
      // Refused by the quota (not an ended room's allowance): translation pauses, and the room is told so.
      if (!granted && !ceiling) {
        this.statuses.set(roomId, false);
        this.announce(roomId, true);
      }
      return granted ? id : null;
    } catch (error) {
      // accounts-svc away: the call is made and counted once reported. Slow to answer (loaded, perhaps by this very
      // room's calls): the call is not made, or a burst of calls would pass the budget while nobody checks.
      const away = error instanceof BusRemoteError && error.code === BusErrorCode.Unavailable;
      this.logger.warn(`could not hold tokens for room ${roomId} (${away ? 'made' : 'not made'}): ${(error as Error).message}`);
      return away ? id : null;
    }
  }

  override release(id: string): void {
    this.held.delete(id);
    detached(() =>
      this.bus.request(USAGE_SUBJECTS.release, { ids: [id] }, { timeoutMs: 2_000 }).then(
        () => undefined,
        // Left to lapse.
        () => undefined,
      ),
    );
  }

  /**
   * Charges what one call spent to the room's quota; applied once by accounts-svc, sent again until it is. The
   * caller records in the tick it reads the provider's usage, and the report is written to the outbox from here
   * at once, without waiting for the room's owner (asked when the row is sent if it is not known yet).
   */
  private charge({ roomId, eventType, tokens, eventId }: CallUsage): void {
    if (tokens <= 0) return this.release(eventId);
    // A call made without a hold (speech, recognition) spent what no check counted: whether the room may spend is asked again.
    if (!this.held.delete(eventId)) this.statuses.delete(roomId);
    this.relay.add({ eventId, roomId, ownerId: this.known.knownOwner(roomId), tokens, eventType });
  }

  /** Sends what waits in the outbox now (see `OutboxRelay`). */
  flush(): Promise<void> {
    return this.relay.flush();
  }

  /** The rooms ended or were deleted: what was kept of them goes (a later call asks again). */
  forget(roomIds: string[]): void {
    for (const roomId of roomIds) {
      this.known.forget(roomId);
      this.statuses.delete(roomId);
      this.refused.delete(roomId);
      this.exhausted.delete(roomId);
    }
  }

  /** The room started: whether it has ended is asked again at its next call; the rest is kept. */
  forgetEnd(roomId: string): void {
    this.known.forgetEnd(roomId);
  }

  /** Rooms something is kept of (for tests). */
  get rooms(): number {
    return new Set([...this.known.keys(), ...this.statuses.keys(), ...this.exhausted]).size;
  }

  /** Reports not yet applied: in the outbox of this service (every replica's), or waiting to be written to it. */
  waiting(): Promise<number> {
    return this.relay.waiting();
  }

  /** One last try while the bus is still open; what accounts-svc does not take now stays in the outbox for the next process. */
  beforeApplicationShutdown(): Promise<void> {
    return this.relay.stop();
  }

  private announce(roomId: string, exhausted: boolean): void {
    if (exhausted === this.exhausted.has(roomId)) return;
    if (exhausted) {
      this.exhausted.add(roomId);
      productMetrics().quotaPauses.add(1);
    } else this.exhausted.delete(roomId);
    this.bus.emitToRoom(
      USAGE_SUBJECTS.quotaChanged,
      { roomId },
      { roomId, exhausted, timestamp: new Date().toISOString(), messageId: crypto.randomUUID() },
    );
  }
}
