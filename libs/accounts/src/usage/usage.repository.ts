import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ApplyUsageRequest, ReserveUsageRequest } from '@lt/contracts';
import { notDeleted, recordDeletions } from '@lt/platform';
import { ACCOUNTS_DATA_SOURCE, ACCOUNTS_SCHEMA } from '../accounts.database';

/** The room ($3) was not deleted lately: a late call's spending no longer names it, a late call is not made. */
const ROOM_LIVE = notDeleted(ACCOUNTS_SCHEMA, '$3::uuid');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The token ledger as spending sees it: an owner's quota and use, an anonymous room's use of its budget. */
@Injectable()
export class UsageRepository {
  constructor(@Inject(ACCOUNTS_DATA_SOURCE) private readonly db: DataSource) {}

  async quotaOf(userId: string): Promise<{ quota: number; used: number } | null> {
    const [row] = await this.db.query(`SELECT token_quota, tokens_used FROM accounts.profiles WHERE id = $1`, [userId]);
    return row ? { quota: Number(row.token_quota), used: Number(row.tokens_used) } : null;
  }

  async roomBudgetUsed(roomId: string): Promise<number> {
    const [row] = await this.db.query(`SELECT tokens_used FROM accounts.room_budgets WHERE room_id = $1`, [roomId]);
    return row ? Number(row.tokens_used) : 0;
  }

  /** Tokens held now by calls under way, of an owner (every room of theirs) or of an anonymous room. */
  async held(owner: { ownerId: string | null; roomId: string }): Promise<number> {
    const [row] = await this.db.query(
      `SELECT COALESCE(sum(tokens), 0)::bigint AS n FROM accounts.token_reservations
        WHERE expires_at > now() AND ${owner.ownerId ? 'user_id = $1' : 'user_id IS NULL AND room_id = $1'}`,
      [owner.ownerId ?? owner.roomId],
    );
    return Number(row.n);
  }

  /**
   * Holds a call's estimate when what was used, plus what calls under way hold, plus it, stays within `quota`
   * (and within the room's own `cap` since a moment, when given): `accounts.reserve_tokens` locks the owner's
   * row (or the room's budget row) for the check, so replicas asking at once are answered one after the other.
   */
  async reserve(r: ReserveUsageRequest, quota: number): Promise<boolean> {
    if (Math.random() < 0.01) await this.db.query(`DELETE FROM accounts.token_reservations WHERE expires_at < now()`);
    const [row] = await this.db.query(
      `SELECT CASE WHEN ${ROOM_LIVE} THEN accounts.reserve_tokens($1, $2, $3, $4, $5, $6, $7, $8) ELSE false END AS granted`,
      [r.id, r.ownerId, r.roomId, r.tokens, quota, r.ttlMs, r.cap?.tokens ?? null, r.cap?.since ?? null],
    );
    return row.granted === true;
  }

  /** What a room's calls spent since `since` (the ledger's rows of that room). */
  async spentSince(roomId: string, since: Date): Promise<number> {
    const [row] = await this.db.query(
      `SELECT COALESCE(sum(tokens), 0)::bigint AS n FROM accounts.token_usage WHERE room_id = $1 AND created_at >= $2`,
      [roomId, since],
    );
    return Number(row.n);
  }

  async release(ids: string[]): Promise<void> {
    await this.db.query(`DELETE FROM accounts.token_reservations WHERE id = ANY($1::uuid[])`, [ids]);
  }

  /** Applies one call's usage once per event id: the ledger row and the counter move together, or not at all. */
  async apply(usage: ApplyUsageRequest): Promise<boolean> {
    return this.db.transaction(async (em) => {
      const inserted = await em.query(
        `INSERT INTO accounts.token_usage (event_id, user_id, room_id, tokens, event_type)
         SELECT $1, $2, CASE WHEN ${ROOM_LIVE} THEN $3::uuid END, $4, $5
         ON CONFLICT (event_id) DO NOTHING RETURNING event_id, room_id`,
        [usage.eventId, usage.ownerId, usage.roomId, usage.tokens, usage.eventType],
      );
      // What the call held before it was made goes as its usage is counted (same id), in one step.
      if (UUID.test(usage.eventId)) await em.query(`DELETE FROM accounts.token_reservations WHERE id = $1::uuid`, [usage.eventId]);
      if (inserted.length === 0) return false;
      if (usage.ownerId) {
        await em.query(`UPDATE accounts.profiles SET tokens_used = tokens_used + $2 WHERE id = $1`, [usage.ownerId, usage.tokens]);
      } else if (inserted[0].room_id) {
        await em.query(
          `INSERT INTO accounts.room_budgets (room_id, tokens_used) VALUES ($1, $2)
           ON CONFLICT (room_id) DO UPDATE SET tokens_used = accounts.room_budgets.tokens_used + $2, updated_at = now()`,
          [usage.roomId, usage.tokens],
        );
      }
      return true;
    });
  }

  /**
   * Forgets deleted rooms: their budgets and anonymous spending go; an owner's spending stays counted (its
   * quota was used) but no longer names the room.
   */
  async forgetRooms(roomIds: string[]): Promise<void> {
    if (roomIds.length === 0) return;
    await this.db.transaction(async (em) => {
      await recordDeletions(em, ACCOUNTS_SCHEMA, roomIds);
      await em.query(`DELETE FROM accounts.room_budgets WHERE room_id = ANY($1::uuid[])`, [roomIds]);
      await em.query(`DELETE FROM accounts.token_reservations WHERE room_id = ANY($1::uuid[])`, [roomIds]);
      await em.query(`DELETE FROM accounts.token_usage WHERE user_id IS NULL AND room_id = ANY($1::uuid[])`, [roomIds]);
      await em.query(`UPDATE accounts.token_usage SET room_id = NULL WHERE room_id = ANY($1::uuid[])`, [roomIds]);
    });
  }
}
