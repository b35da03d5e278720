import { Logger } from '@nestjs/common';
import { USAGE_SUBJECTS } from '@lt/contracts';
import { Bus, detached } from '@lt/platform';
import type { MeteredRooms } from './metered-rooms';
import type { OutboxRow, UsageOutbox, UsageReport } from './usage-outbox';

const RETRY_MS = 2_000;
/** Rows of the outbox sent together (at once, each with its own request). */
const BATCH = 50;
/** A claimed row is left to its sender this long, more than a batch takes (2 s + 5 s); then the next sweep sends it. */
const LEASE_MS = 10_000;
/** How often the outbox is looked at without a report or a failure: rows another process claimed and left. */
const SWEEP_MS = LEASE_MS;
/** Reports kept in memory while the outbox cannot be written; beyond it the oldest are dropped (and said so). */
const MAX_UNSAVED = 10_000;

/**
 * The usage reports of a service on their way to accounts-svc: each first written to the outbox in the service's
 * own schema, then relayed, and removed once accounts-svc has applied it (which it does once per event id,
 * however often it is sent). What a process leaves in the outbox (killed, or accounts-svc away) is sent by the
 * next one, or by another replica.
 */
export class OutboxRelay {
  private readonly logger = new Logger('UsageMeter');
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
    private readonly outbox: UsageOutbox,
    private readonly known: MeteredRooms,
  ) {}

  /** What an earlier process left is sent at start, and the outbox looked at now and then. */
  start(): void {
    this.sweep = setInterval(() => void this.flush(), SWEEP_MS);
    this.sweep.unref();
    void this.flush();
  }

  /**
   * Writes the report to the outbox at once, and sends it. What a kill can still lose is a report whose INSERT had
   * not committed: the time to get a pooled connection and commit one row, a few milliseconds. Once committed, it is
   * applied exactly once.
   */
  add(report: UsageReport): void {
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

  /** Reports not yet applied: in the outbox of this service (every replica's), or waiting to be written to it. */
  async waiting(): Promise<number> {
    return (await this.outbox.count()) + this.unsaved.length;
  }

  /** One last try while the bus is still open; what accounts-svc does not take now stays in the outbox for the next process. */
  async stop(): Promise<void> {
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
}
