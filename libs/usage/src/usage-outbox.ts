import type { Provider } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { UsageEventType } from '@lt/contracts';

/** One call's usage as it waits to be applied by accounts-svc. */
export interface UsageReport {
  eventId: string;
  roomId: string;
  /** The room's owner (null: anonymous); undefined while it is not known yet (asked of rooms-svc when sent). */
  ownerId?: string | null;
  tokens: number;
  eventType: UsageEventType;
}

export interface OutboxRow extends UsageReport {
  id: string;
}

/**
 * Where a service's usage reports wait until accounts-svc has applied them. A row is claimed for a while
 * before it is sent, so that replicas sharing the table do not send the same rows at once; a process that
 * dies leaves its claims, which lapse and are sent by another (or its successor).
 */
export interface UsageOutbox {
  add(report: UsageReport): Promise<void>;
  /** Claims up to `limit` unclaimed rows (or rows whose claim lapsed) for `leaseMs`, oldest first. */
  claim(limit: number, leaseMs: number): Promise<OutboxRow[]>;
  /** The rows were applied: they go. */
  remove(ids: string[]): Promise<void>;
  /** The rows could not be sent: anyone may claim them again. */
  release(ids: string[]): Promise<void>;
  /** How many rows wait (claimed or not). */
  count(): Promise<number>;
}

/** The outbox of the service this meter runs in: the table `usage_outbox` of its own schema. */
export const USAGE_OUTBOX = Symbol('USAGE_OUTBOX');

/** The outbox in `<schema>.usage_outbox`, written through the service's own connection pool. */
export class PgUsageOutbox implements UsageOutbox {
  private readonly table: string;

  constructor(
    private readonly db: DataSource,
    schema: string,
  ) {
    this.table = `"${schema}".usage_outbox`;
  }

  async add(report: UsageReport): Promise<void> {
    await this.db.query(
      `INSERT INTO ${this.table} (event_id, room_id, owner_id, owner_known, tokens, event_type) VALUES ($1, $2, $3, $4, $5, $6)`,
      [report.eventId, report.roomId, report.ownerId ?? null, report.ownerId !== undefined, report.tokens, report.eventType],
    );
  }

  async claim(limit: number, leaseMs: number): Promise<OutboxRow[]> {
    // TypeORM answers an UPDATE with [rows, affected].
    const [rows]: [Record<string, unknown>[], number] = await this.db.query(
      `UPDATE ${this.table} SET claimed_until = now() + $2 * interval '1 millisecond'
        WHERE id IN (SELECT id FROM ${this.table} WHERE claimed_until IS NULL OR claimed_until < now()
                      ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
        RETURNING id, event_id, room_id, owner_id, owner_known, tokens, event_type`,
      [limit, leaseMs],
    );
    // UPDATE … RETURNING gives no order: oldest first again.
    return rows
      .map((row) => ({
        id: String(row.id),
        eventId: String(row.event_id),
        roomId: String(row.room_id),
        ownerId: row.owner_known ? ((row.owner_id as string | null) ?? null) : undefined,
        tokens: Number(row.tokens),
        eventType: row.event_type as UsageEventType,
      }))
      .sort((a, b) => Number(BigInt(a.id) - BigInt(b.id)));
  }

  async remove(ids: string[]): Promise<void> {
    if (ids.length) await this.db.query(`DELETE FROM ${this.table} WHERE id = ANY($1::bigint[])`, [ids]);
  }

  async release(ids: string[]): Promise<void> {
    if (ids.length) await this.db.query(`UPDATE ${this.table} SET claimed_until = NULL WHERE id = ANY($1::bigint[])`, [ids]);
  }

  async count(): Promise<number> {
    const [row] = await this.db.query(`SELECT count(*)::int AS n FROM ${this.table}`);
    return Number(row.n);
  }
}

/** An outbox in memory, for a meter without a database (unit tests): it does not outlive the process. */
export class MemoryUsageOutbox implements UsageOutbox {
  private readonly rows: (OutboxRow & { claimedUntil: number })[] = [];
  private next = 1;

  async add(report: UsageReport): Promise<void> {
    this.rows.push({ ...report, id: String(this.next++), claimedUntil: 0 });
  }

  async claim(limit: number, leaseMs: number): Promise<OutboxRow[]> {
    const now = Date.now();
    const claimed = this.rows.filter((row) => row.claimedUntil < now).slice(0, limit);
    for (const row of claimed) row.claimedUntil = now + leaseMs;
    return claimed.map(({ claimedUntil: _, ...row }) => row);
  }

  async remove(ids: string[]): Promise<void> {
    for (const id of ids) {
      const at = this.rows.findIndex((row) => row.id === id);
      if (at >= 0) this.rows.splice(at, 1);
    }
  }

  async release(ids: string[]): Promise<void> {
    for (const row of this.rows) if (ids.includes(row.id)) row.claimedUntil = 0;
  }

  async count(): Promise<number> {
    return this.rows.length;
  }
}

/** Provides `USAGE_OUTBOX` as the table `usage_outbox` of `schema`, over the service's DataSource `dataSource`. */
export function usageOutboxProvider(dataSource: symbol, schema: string): Provider {
  return { provide: USAGE_OUTBOX, inject: [dataSource], useFactory: (db: DataSource) => new PgUsageOutbox(db, schema) };
}
