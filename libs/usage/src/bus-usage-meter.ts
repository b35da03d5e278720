import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { ROOMS_SUBJECTS, USAGE_SUBJECTS, type ApplyUsageRequest, type UsageEventType } from '@lt/contracts';
import { Bus, detached, productMetrics, UsageMeter } from '@lt/platform';

/** A room's owner does not change while it is live; asked again after this long. */
const OWNER_TTL_MS = 60_000;
/** How long an answer on a room's spending holds: an admin's reset is seen this soon. */
const STATUS_TTL_MS = 2_000;
const RETRY_MS = 2_000;
/** Reports kept while accounts-svc is away; beyond it the oldest are dropped (and said so). */
const MAX_PENDING = 10_000;

interface Cached<T> {
  value: T;
  at: number;
}

/**
 * Spending of the language model and the speech provider, for the services that call them: whether a room
 * may spend now (its owner's quota, or an anonymous room's budget, as accounts-svc keeps them), and the real
 * usage of each call, reported with an id of its own so accounts-svc applies it once however often it is
 * sent. Reports wait and are sent again while accounts-svc cannot be reached. When a room's state changes
 * (spent, or reset by an admin) a room event tells the gateways, which tell the host and the viewers.
 */
@Injectable()
export class BusUsageMeter extends UsageMeter implements BeforeApplicationShutdown {
  private readonly logger = new Logger('UsageMeter');
  private readonly owners = new Map<string, Cached<string | null>>();
  private readonly statuses = new Map<string, Cached<boolean>>();
  private readonly exhausted = new Set<string>();
  private readonly pending: ApplyUsageRequest[] = [];
  private flushing = false;
  private closed = false;
  private timer?: NodeJS.Timeout;

  constructor(private readonly bus: Bus) {
    super();
  }

  /** Whether the room may make one more call. When accounts-svc cannot be asked, the call is allowed. */
  async allowed(roomId: string): Promise<boolean> {
    const cached = this.statuses.get(roomId);
    if (cached && Date.now() - cached.at < STATUS_TTL_MS) return cached.value;
    try {
      const { allowed } = await this.bus.request(USAGE_SUBJECTS.status, { roomId, ownerId: await this.ownerOf(roomId) }, { timeoutMs: 2_000 });
      this.statuses.set(roomId, { value: allowed, at: Date.now() });
      this.announce(roomId, !allowed);
      return allowed;
    } catch (error) {
      this.logger.warn(`could not ask whether room ${roomId} may spend: ${(error as Error).message}`);
      return true;
    }
  }

  /** Reports what one call spent; applied once by accounts-svc, sent again until it is. */
  report(roomId: string, eventType: UsageEventType, tokens: number): void {
    if (tokens <= 0) return;
    this.statuses.delete(roomId);
    // Reports go out in batches that serve many sentences: they are no part of the trace of the call reported.
    detached(() =>
      this.ownerOf(roomId)
        .catch(() => null)
        .then((ownerId) => {
          if (this.pending.length >= MAX_PENDING) this.logger.error(`dropped a usage report of room ${this.pending.shift()?.roomId}: too many waiting`);
          this.pending.push({ eventId: crypto.randomUUID(), roomId, ownerId, tokens, eventType });
          void this.flush();
        }),
    );
  }

  /** Sends what waits, oldest first; stops at the first failure and tries again a little later. */
  async flush(): Promise<void> {
    if (this.flushing || this.closed) return;
    this.flushing = true;
    try {
      while (this.pending.length > 0) {
        await this.bus.request(USAGE_SUBJECTS.apply, this.pending[0], { timeoutMs: 5_000 });
        this.pending.shift();
      }
    } catch (error) {
      this.logger.warn(`${this.pending.length} usage reports wait for accounts-svc: ${(error as Error).message}`);
      clearTimeout(this.timer);
      if (this.closed) return;
      this.timer = setTimeout(() => void this.flush(), RETRY_MS);
      this.timer.unref();
    } finally {
      this.flushing = false;
    }
  }

  /** The rooms ended or were deleted: what was kept of them goes (a later call asks again). */
  forget(roomIds: string[]): void {
    for (const roomId of roomIds) {
      this.owners.delete(roomId);
      this.statuses.delete(roomId);
      this.exhausted.delete(roomId);
    }
  }

  /** Rooms something is kept of (for tests). */
  get rooms(): number {
    return new Set([...this.owners.keys(), ...this.statuses.keys(), ...this.exhausted]).size;
  }

  /** Reports not yet applied (for tests and shutdown). */
  get waiting(): number {
    return this.pending.length;
  }

  /** One last try while the bus is still open; what accounts-svc does not take now is lost with the process. */
  async beforeApplicationShutdown(): Promise<void> {
    clearTimeout(this.timer);
    await this.flush();
    this.closed = true;
    if (this.pending.length) this.logger.warn(`${this.pending.length} usage reports not applied at shutdown`);
  }

  private async ownerOf(roomId: string): Promise<string | null> {
    const cached = this.owners.get(roomId);
    if (cached && Date.now() - cached.at < OWNER_TTL_MS) return cached.value;
    const { room } = await this.bus.request(ROOMS_SUBJECTS.getRoom, { roomId }, { timeoutMs: 2_000 });
    this.owners.set(roomId, { value: room.owner_id, at: Date.now() });
    return room.owner_id;
  }

  private announce(roomId: string, exhausted: boolean): void {
    if (exhausted === this.exhausted.has(roomId)) return;
    if (exhausted) {
      this.exhausted.add(roomId);
      productMetrics().quotaPauses.add(1);
    } else this.exhausted.delete(roomId);
    this.bus.emitToRoom(USAGE_SUBJECTS.quotaChanged, { roomId }, { roomId, exhausted, timestamp: new Date().toISOString(), messageId: crypto.randomUUID() });
  }
}
