import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { PurgeMark } from '@lt/contracts';
import { ROOMS_DATA_SOURCE } from '../rooms.database';

/**
 * What this schema holds of what was said and who was there in a room, which its retention setting deletes: the
 * transcript (up to the mark's seq), the audience's questions and votes and its unique viewers (up to the mark's
 * time). The room's settings, speakers, glossary, evaluation and minute figures stay. A table that keeps more of
 * what is said in a room joins here.
 */
const CONTENT: { table: string; upTo: string }[] = [
  { table: 'message_logs', upTo: 't.seq <= k.through_seq' },
  { table: 'question_votes', upTo: 't.created_at <= k.purged_at' },
  { table: 'questions', upTo: 't.created_at <= k.purged_at' },
  { table: 'room_viewers', upTo: 't.first_seen <= k.purged_at' },
];

/**
 * A room whose content went, in SQL over `rooms.rooms r`: ended and either keeping nothing or purged since its end.
 * Nothing of its audience is stored then (a late viewer, a question).
 */
export const ROOM_PURGED = `(r.status = 'ended' AND (r.retention = 'none' OR (r.transcript_deleted_at IS NOT NULL AND r.transcript_deleted_at >= r.ended_at)))`;

/** The only file that deletes a room's content (its retention); rooms.repository.ts finds the rooms that are due. */
@Injectable()
export class RoomContentRepository {
  constructor(@Inject(ROOMS_DATA_SOURCE) private readonly db: DataSource) {}

  /** The marks of a purge now: each room's last seq. */
  async marksFor(roomIds: string[], now: Date): Promise<PurgeMark[]> {
    if (roomIds.length === 0) return [];
    const rows: { id: string; last_seq: number }[] = await this.db.query(
      `SELECT id, last_seq FROM rooms.rooms WHERE id = ANY($1::uuid[])`,
      [roomIds],
    );
    return rows.map((r) => ({ roomId: r.id, throughSeq: r.last_seq, purgedAt: now.toISOString() }));
  }

  /** Deletes the rooms' content up to their marks and records on the rooms when it went; answers the rows deleted. */
  async purge(marks: PurgeMark[]): Promise<number> {
    if (marks.length === 0) return 0;
    return this.db.transaction(async (em) => {
      const deleted = await this.deleteUpTo(em, marks);
      await em.query(
        `UPDATE rooms.rooms r SET transcript_deleted_at = k.purged_at
           FROM unnest($1::uuid[], $2::timestamptz[]) AS k(room_id, purged_at) WHERE r.id = k.room_id`,
        [marks.map((m) => m.roomId), marks.map((m) => m.purgedAt)],
      );
      return deleted;
    });
  }

  /** Once more, on every replica: what a late writer stored meanwhile goes too. */
  sweep(marks: PurgeMark[]): Promise<number> {
    if (marks.length === 0) return Promise.resolve(0);
    return this.db.transaction((em) => this.deleteUpTo(em, marks));
  }

  private async deleteUpTo(em: EntityManager, marks: PurgeMark[]): Promise<number> {
    const keys = [marks.map((m) => m.roomId), marks.map((m) => m.throughSeq), marks.map((m) => m.purgedAt)];
    let deleted = 0;
    for (const { table, upTo } of CONTENT) {
      const [, count]: [unknown, number] = await em.query(
        `DELETE FROM rooms.${table} t USING unnest($1::uuid[], $2::int[], $3::timestamptz[]) AS k(room_id, through_seq, purged_at)
          WHERE t.room_id = k.room_id AND ${upTo}`,
        keys,
      );
      deleted += count;
    }
    return deleted;
  }
}
