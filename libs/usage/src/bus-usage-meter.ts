import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap, Optional } from '@nestjs/common';
import { BusErrorCode, USAGE_SUBJECTS } from '@lt/contracts';
import { Bus, BusRemoteError, detached, ExpiringMap, productMetrics, SingleFlight } from '@lt/platform';
import { MeteredRooms } from './metered-rooms';
import { MemoryUsageOutbox, USAGE_OUTBOX, type OutboxRow, type UsageOutbox, type UsageReport } from './usage-outbox';
import { DEFAULT_METER_SETTINGS, METER_SETTINGS, UsageMeter, type CallUsage, type MeterSettings } from './usage-meter';

const RETRY_MS = 2_000;
/** Rows of the outbox sent together (at once, each with its own request). */
const BATCH = 50;
/** A claimed row is left to its sender this long, more than a batch takes (2 s + 5 s); then the next sweep sends it. */
const LEASE_MS = 10_000;
/** How often the outbox is looked at without a report or a failure: rows another process claimed and left. */
const SWEEP_MS = LEASE_MS;
/** Reports kept in memory while the outbox cannot be written; beyond it the oldest are dropped (and said so). */
const MAX_UNSAVED = 10_000;
/** How long a call's held estimate lasts when its usage never comes (the process died): longer than any call. */
const RESERVATION_TTL_MS = 180_000;
/** Rooms whose owner, status, end or refusal is kept; ended and deleted rooms are forgotten at once. */
const MAX_ROOMS = 10_000;

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
  /** Per room, whether it may spend as asked of accounts-svc now: the calls of its sentences, asked together, share the question. */
  private readonly asking = new SingleFlight<string, boolean>();
  private readonly outbox: UsageOutbox;
  /** Each room's owner and end, as rooms-svc said lately. */
  private readonly known: MeteredRooms;
  /** Reports the outbox refused (its database away), written again before the next relay. */
  private readonly unsaved: UsageReport[] = [];
  private flushing = false;
  /** A report came while the relay was busy: it goes round once more. */
  private again = false;
  private closed = false;
  /** The last relay failed: said once, not at every report while accounts-svc is away. */
  private failing = false;
  private retry?: NodeJS.Timeout;
  private sweep?: NodeJS.Timeout;

  constructor(
    private readonly bus: Bus,
    @Optional() @Inject(USAGE_OUTBOX) outbox?: UsageOutbox,
    @Optional() @Inject(METER_SETTINGS) private readonly settings: MeterSettings = DEFAULT_METER_SETTINGS,
  ) {
    super();
    this.statuses = new ExpiringMap({ max: MAX_ROOMS, ttlMs: settings.spendingTtlMs });
    this.outbox = outbox ?? new MemoryUsageOutbox();
    this.known = new MeteredRooms(bus, MAX_ROOMS, settings.endTtlMs);
    // The quota's ledger is one subscriber of the usage recorded.
    this.onUsage((usage) => this.charge(usage));
  }

  /** What an earlier process left is sent at start, and the outbox looked at now and then. */
  onApplicationBootstrap(): void {
    this.sweep = setInterval(() => void this.flush(), SWEEP_MS);
    this.sweep.unref();
    void this.flush();
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
   * caller records in the tick it reads the provider's usage, and the outbox row is written from here at once,
   * without waiting for the room's owner (asked when the row is sent if it is not known yet). What a kill can
   * still lose is the report of a call whose usage was read but whose INSERT had not committed: the time to
   * get a pooled connection and commit one row, a few milliseconds. Once committed, it is applied exactly once.
   */
  private charge({ roomId, eventType, tokens, eventId }: CallUsage): void {
    if (tokens <= 0) return this.release(eventId);
    this.statuses.delete(roomId);
    const ownerId = this.known.knownOwner(roomId);
    const report: UsageReport = { eventId, roomId, ownerId, tokens, eventType };
    // Reports go out in batches that serve many sentences: they are no part of the trace of the call reported.
    detached(() =>
      this.outbox.add(report).then(
        // While accounts-svc is away the retry timer sends, not every report.
        () => (this.failing ? undefined : this.flush()),
        (error) => {
          this.logger.error(`a usage report waits in memory, the outbox cannot be written: ${(error as Error).message}`);
          if (this.unsaved.length >= MAX_UNSAVED)
            this.logger.error(`dropped a usage report of room ${this.unsaved.shift()?.roomId}: too many waiting`);
          this.unsaved.push(report);
          this.retryLater();
        },
      ),
    );
  }

  /** Sends what waits in the outbox, oldest first, a batch at a time; after a failure, tries again a little later. */
  async flush(): Promise<void> {
    if (this.closed) return;
    if (this.flushing) {
      this.again = true;
      return;
    }
    this.flushing = true;
    try {
      while (this.unsaved.length > 0) {
        await this.outbox.add(this.unsaved[0]);
        this.unsaved.shift();
      }
      do {
        this.again = false;
        while (await this.sendBatch());
      } while (this.again && !this.closed);
      if (this.failing) this.logger.log('usage reports reach accounts-svc again');
      this.failing = false;
    } catch (error) {
      if (!this.failing) this.logger.warn(`usage reports wait in the outbox for accounts-svc: ${(error as Error).message}`);
      this.failing = true;
      this.retryLater();
    } finally {
      this.flushing = false;
    }
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
  async waiting(): Promise<number> {
    return (await this.outbox.count()) + this.unsaved.length;
  }

  /** One last try while the bus is still open; what accounts-svc does not take now stays in the outbox for the next process. */
  async beforeApplicationShutdown(): Promise<void> {
    clearTimeout(this.retry);
    clearInterval(this.sweep);
    await this.flush();
    this.closed = true;
    if (this.unsaved.length) this.logger.error(`${this.unsaved.length} usage reports could not be written to the outbox and are lost`);
  }

  /** One batch claimed and sent; whether there may be more. Throws (the failed rows released) when one was not applied. */
  private async sendBatch(): Promise<boolean> {
    const rows = await this.outbox.claim(BATCH, LEASE_MS);
    if (rows.length === 0) return false;
    const results = await Promise.allSettled(rows.map((row) => this.send(row)));
    await this.outbox.remove(rows.filter((_, i) => results[i].status === 'fulfilled').map((row) => row.id));
    const failed = rows.filter((_, i) => results[i].status === 'rejected');
    if (failed.length === 0) return rows.length === BATCH;
    await this.outbox.release(failed.map((row) => row.id));
    throw (results.find((result) => result.status === 'rejected') as PromiseRejectedResult).reason;
  }

  private async send(row: OutboxRow): Promise<void> {
    const ownerId = row.ownerId !== undefined ? row.ownerId : await this.known.ownerOrNone(row.roomId);
    await this.bus.request(
      USAGE_SUBJECTS.apply,
      { eventId: row.eventId, roomId: row.roomId, ownerId, tokens: row.tokens, eventType: row.eventType },
      { timeoutMs: 5_000 },
    );
  }

  private retryLater(): void {
    clearTimeout(this.retry);
    if (this.closed) return;
    this.retry = setTimeout(() => void this.flush(), RETRY_MS);
    this.retry.unref();
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
