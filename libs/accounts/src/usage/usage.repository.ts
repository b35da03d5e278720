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

  /**
   * In one round trip: what the spender (an owner, every room of theirs; or an anonymous room, its budget) has
   * used, what calls under way hold, and the owner's quota (null for an anonymous room or an owner not known).
   */
  async standing(owner: { ownerId: string | null; roomId: string }): Promise<{ quota: number | null; used: number; held: number }> {
    const [row] = await this.db.query(
      owner.ownerId
        ? `SELECT p.token_quota AS quota, COALESCE(p.tokens_used, 0) AS used,
             (SELECT COALESCE(sum(tokens), 0) FROM accounts.token_reservations WHERE expires_at > now() AND user_id = $1) AS held
             FROM (SELECT 1) one LEFT JOIN accounts.profiles p ON p.id = $1`
        : `SELECT NULL AS quota, COALESCE((SELECT tokens_used FROM accounts.room_budgets WHERE room_id = $1), 0) AS used,
             (SELECT COALESCE(sum(tokens), 0) FROM accounts.token_reservations
               WHERE expires_at > now() AND user_id IS NULL AND room_id = $1) AS held`,
      [owner.ownerId ?? owner.roomId],
    );
    return { quota: row.quota === null ? null : Number(row.quota), used: Number(row.used), held: Number(row.held) };
  }

  /**
   * Holds a call's estimate when what was used, plus what calls under way hold, plus it, stays within the quota
   * (the owner's, or `fallbackQuota` for an owner without one and for an anonymous room; and within the room's own
   * `cap` since a moment, when given): `accounts.reserve_tokens` locks the owner's row (or the room's budget row)
   * for the check, so replicas asking at once are answered one after the other.
   */
  async reserve(r: ReserveUsageRequest, fallbackQuota: number): Promise<boolean> {
    if (Math.random() < 0.01) await this.db.query(`DELETE FROM accounts.token_reservations WHERE expires_at < now()`);
    const [row] = await this.db.query(
      `SELECT CASE WHEN ${ROOM_LIVE} THEN accounts.reserve_tokens($1, $2, $3, $4,
         COALESCE((SELECT token_quota::bigint FROM accounts.profiles WHERE id = $2::uuid), $5::bigint), $6, $7, $8) ELSE false END AS granted`,
      [r.id, r.ownerId, r.roomId, r.tokens, fallbackQuota, r.ttlMs, r.cap?.tokens ?? null, r.cap?.since ?? null],
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

  /**
   * Applies one call's usage once per event id, in one statement (one round trip, no transaction held open): the
   * ledger row, the counter (the owner's, or the anonymous room's budget) and the release of what the call held
   * before it was made (same id) move together, or not at all.
   */
  async apply(usage: ApplyUsageRequest): Promise<boolean> {
    const [row]: { applied: boolean }[] = await this.db.query(
      `WITH ins AS (
         INSERT INTO accounts.token_usage (event_id, user_id, room_id, tokens, event_type)
         SELECT $1, $2::uuid, CASE WHEN ${ROOM_LIVE} THEN $3::uuid END, $4, $5
         ON CONFLICT (event_id) DO NOTHING RETURNING room_id
       ), released AS (
         DELETE FROM accounts.token_reservations WHERE id = $6::uuid
       ), owner AS (
         UPDATE accounts.profiles SET tokens_used = tokens_used + $4
          WHERE $2::uuid IS NOT NULL AND id = $2::uuid AND EXISTS (SELECT 1 FROM ins)
       ), budget AS (
         INSERT INTO accounts.room_budgets (room_id, tokens_used)
         SELECT ins.room_id, $4 FROM ins WHERE $2::uuid IS NULL AND ins.room_id IS NOT NULL
         ON CONFLICT (room_id) DO UPDATE SET tokens_used = accounts.room_budgets.tokens_used + EXCLUDED.tokens_used, updated_at = now()
       )
       SELECT EXISTS (SELECT 1 FROM ins) AS applied`,
      [usage.eventId, usage.ownerId, usage.roomId, usage.tokens, usage.eventType, UUID.test(usage.eventId) ? usage.eventId : null],
    );
    return row?.applied === true;
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
