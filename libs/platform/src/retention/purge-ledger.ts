import type { DataSource, EntityManager, QueryRunner } from 'typeorm';
import type { PurgeMark } from '@lt/contracts';
import { notDeleted } from './deleted-rooms';

/**
 * A service's record of the rooms whose content went (`<schema>.purged_rooms`), in its own schema and durable: every
 * replica, and one that starts later, refuses to store again what went, whatever it was still making when the purge
 * came or whether it heard the purge event. The record outlives the rows it guards (a purge never deletes it).
 */
export const PURGED_ROOMS_TABLE = 'purged_rooms';

/** The migration's statement: one row per room, the highest seq it was purged through and when. */
export function createPurgedRoomsTable(q: QueryRunner, schema: string): Promise<unknown> {
  return q.query(`
    CREATE TABLE ${schema}.${PURGED_ROOMS_TABLE} (
      room_id uuid PRIMARY KEY,
      through_seq integer NOT NULL,
      purged_at timestamptz NOT NULL
    )`);
}

/** Records the marks: a later purge of a room raises what it covers, never lowers it. */
export async function recordPurges(db: DataSource | EntityManager, schema: string, marks: PurgeMark[]): Promise<void> {
  if (marks.length === 0) return;
  await db.query(
    `INSERT INTO ${schema}.${PURGED_ROOMS_TABLE} AS p (room_id, through_seq, purged_at)
     SELECT * FROM unnest($1::uuid[], $2::int[], $3::timestamptz[])
     ON CONFLICT (room_id) DO UPDATE
       SET through_seq = GREATEST(p.through_seq, EXCLUDED.through_seq), purged_at = GREATEST(p.purged_at, EXCLUDED.purged_at)`,
    [marks.map((m) => m.roomId), marks.map((m) => m.throughSeq), marks.map((m) => m.purgedAt)],
  );
}

/**
 * A condition for a write's `WHERE`: the room (parameter `$room`) was neither deleted lately (deleted-rooms.ts) nor
 * purged through the seq (parameter `$seq`) of what is written. Parameters are given as `$n` placeholders.
 */
export function notPurgedThrough(schema: string, room: string, seq: string): string {
  return `NOT EXISTS (SELECT 1 FROM ${schema}.${PURGED_ROOMS_TABLE} p WHERE p.room_id = ${room} AND p.through_seq >= ${seq})
    AND ${notDeleted(schema, room)}`;
}

/** The same, for what was made from something that existed at a time (parameter `$at`): purged since, refused. */
export function notPurgedSince(schema: string, room: string, at: string): string {
  return `NOT EXISTS (SELECT 1 FROM ${schema}.${PURGED_ROOMS_TABLE} p WHERE p.room_id = ${room} AND p.purged_at >= ${at})
    AND ${notDeleted(schema, room)}`;
}
