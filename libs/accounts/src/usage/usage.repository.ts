import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ApplyUsageRequest, ReserveUsageRequest } from '@lt/contracts';
import { ACCOUNTS_DATA_SOURCE } from '../accounts.database';

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
   * (and within the room's own `cap` since its start, when given). The owner's row (or the room's budget row)
   * is locked for the check, so replicas asking at once are answered one after the other.
   */
  async reserve(r: ReserveUsageRequest, quota: number): Promise<boolean> {
    return this.db.transaction(async (em) => {
      let used: number;
      if (r.ownerId) {
        const [row] = await em.query(`SELECT tokens_used FROM accounts.profiles WHERE id = $1 FOR UPDATE`, [r.ownerId]);
        used = row ? Number(row.tokens_used) : 0;
      } else {
        await em.query(`INSERT INTO accounts.room_budgets (room_id, tokens_used) VALUES ($1, 0) ON CONFLICT (room_id) DO NOTHING`, [
          r.roomId,
        ]);
        const [row] = await em.query(`SELECT tokens_used FROM accounts.room_budgets WHERE room_id = $1 FOR UPDATE`, [r.roomId]);
        used = Number(row.tokens_used);
      }
      await em.query(`DELETE FROM accounts.token_reservations WHERE expires_at < now() - interval '1 minute'`);
      const [held] = await em.query(
        `SELECT COALESCE(sum(tokens), 0)::bigint AS n FROM accounts.token_reservations
          WHERE expires_at > now() AND ${r.ownerId ? 'user_id = $1' : 'user_id IS NULL AND room_id = $1'}`,
        [r.ownerId ?? r.roomId],
      );
      if (used + Number(held.n) + r.tokens > quota) return false;
      if (r.cap) {
        const [room] = await em.query(
          `SELECT (SELECT COALESCE(sum(tokens), 0) FROM accounts.token_usage WHERE room_id = $1 AND created_at >= $2)
                + (SELECT COALESCE(sum(tokens), 0) FROM accounts.token_reservations WHERE room_id = $1 AND expires_at > now()) AS n`,
          [r.roomId, r.cap.since],
        );
        if (Number(room.n) + r.tokens > r.cap.tokens) return false;
      }
      await em.query(
        `INSERT INTO accounts.token_reservations (id, user_id, room_id, tokens, expires_at)
         VALUES ($1, $2, $3, $4, now() + $5 * interval '1 millisecond') ON CONFLICT (id) DO NOTHING`,
        [r.id, r.ownerId, r.roomId, r.tokens, r.ttlMs],
      );
      return true;
    });
  }

  async release(ids: string[]): Promise<void> {
    await this.db.query(`DELETE FROM accounts.token_reservations WHERE id = ANY($1::uuid[])`, [ids]);
  }

  /** Applies one call's usage once per event id: the ledger row and the counter move together, or not at all. */
  async apply(usage: ApplyUsageRequest): Promise<boolean> {
    return this.db.transaction(async (em) => {
      const inserted = await em.query(
        `INSERT INTO accounts.token_usage (event_id, user_id, room_id, tokens, event_type)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (event_id) DO NOTHING RETURNING event_id`,
        [usage.eventId, usage.ownerId, usage.roomId, usage.tokens, usage.eventType],
      );
      // What the call held before it was made goes as its usage is counted (same id), in one step.
      if (UUID.test(usage.eventId)) await em.query(`DELETE FROM accounts.token_reservations WHERE id = $1::uuid`, [usage.eventId]);
      if (inserted.length === 0) return false;
      if (usage.ownerId) {
        await em.query(`UPDATE accounts.profiles SET tokens_used = tokens_used + $2 WHERE id = $1`, [usage.ownerId, usage.tokens]);
      } else {
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
      await em.query(`DELETE FROM accounts.room_budgets WHERE room_id = ANY($1::uuid[])`, [roomIds]);
      await em.query(`DELETE FROM accounts.token_reservations WHERE room_id = ANY($1::uuid[])`, [roomIds]);
      await em.query(`DELETE FROM accounts.token_usage WHERE user_id IS NULL AND room_id = ANY($1::uuid[])`, [roomIds]);
      await em.query(`UPDATE accounts.token_usage SET room_id = NULL WHERE room_id = ANY($1::uuid[])`, [roomIds]);
    });
  }
}
