import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { LanguageCode, QuestionStatus, StoredQuestion } from '@lt/contracts';
import { ROOMS_DATA_SOURCE } from '../rooms.database';

interface QuestionRow {
  id: string;
  room_id: string;
  text: string;
  lang: LanguageCode;
  votes: number;
  status: QuestionStatus;
  created_at: Date;
  voted?: boolean;
}

const COLUMNS = 'q.id, q.room_id, q.text, q.lang, q.votes, q.status, q.created_at';
/** Over `rooms.rooms r`: questions and votes are taken until the room ends, never after. */
const NOT_ENDED = `r.status <> 'ended'`;

const toStored = (r: QuestionRow): StoredQuestion => ({
  id: r.id,
  roomId: r.room_id,
  text: r.text,
  lang: r.lang,
  votes: r.votes,
  status: r.status,
  createdAt: new Date(r.created_at).toISOString(),
});

/** The only file that touches the questions and their votes (rooms.questions, rooms.question_votes). */
@Injectable()
export class QuestionsRepository {
  constructor(@Inject(ROOMS_DATA_SOURCE) private readonly db: DataSource) {}

  /** The room's questions that are not hidden: how many, and the bytes of their texts. */
  async held(roomId: string): Promise<{ count: number; bytes: number }> {
    const [row]: { n: number; bytes: number }[] = await this.db.query(
      `SELECT count(*)::int AS n, coalesce(sum(octet_length(text)), 0)::int AS bytes
       FROM rooms.questions WHERE room_id = $1 AND status <> 'hidden'`,
      [roomId],
    );
    return { count: row.n, bytes: row.bytes };
  }

  /**
   * The question, stored with its asker's keyed viewer id (never the client's own id); null when its room ended
   * meanwhile (checked in the same statement).
   */
  async insert(q: { roomId: string; viewerId: string; text: string; lang: LanguageCode }): Promise<StoredQuestion | null> {
    const [row]: QuestionRow[] = await this.db.query(
      `INSERT INTO rooms.questions AS q (id, room_id, text, lang, viewer_id)
       SELECT $1, r.id, $3, $4, $5 FROM rooms.rooms r WHERE r.id = $2 AND ${NOT_ENDED} RETURNING ${COLUMNS}`,
      [crypto.randomUUID(), q.roomId, q.text, q.lang, q.viewerId],
    );
    return row ? toStored(row) : null;
  }

  /** Up to `limit` open and answered questions, oldest first, after `afterId`, with whether that viewer (any of its keyed ids) upvoted each. */
  async visible(
    roomId: string,
    viewerIds: string[],
    page: { afterId?: string; limit: number },
  ): Promise<(StoredQuestion & { voted: boolean })[]> {
    const rows: QuestionRow[] = await this.db.query(
      `SELECT ${COLUMNS}, EXISTS (SELECT 1 FROM rooms.question_votes v WHERE v.question_id = q.id AND v.viewer_id = ANY($2::text[])) AS voted
       FROM rooms.questions q WHERE q.room_id = $1 AND q.status <> 'hidden'
         AND ($3::uuid IS NULL OR (q.created_at, q.id) > (SELECT a.created_at, a.id FROM rooms.questions a WHERE a.id = $3))
       ORDER BY q.created_at, q.id LIMIT $4`,
      [roomId, viewerIds, page.afterId ?? null, page.limit],
    );
    return rows.map((r) => ({ ...toStored(r), voted: Boolean(r.voted) }));
  }

  /**
   * One upvote per viewer on a question not hidden, not asked by that viewer, in a room that has not ended: its votes
   * after it, null for no such question, 'own' for the voter's own question, 'ended' for an ended room. `viewerIds`:
   * the voter's keyed ids, the first the one stored.
   */
  async vote(roomId: string, questionId: string, viewerIds: string[]): Promise<StoredQuestion | 'own' | 'ended' | null> {
    return this.db.transaction(async (em) => {
      // One counted as the room ends is older than the end's purge, which deletes it with the others.
      const open: unknown[] = await em.query(`SELECT 1 FROM rooms.rooms r WHERE r.id = $1 AND ${NOT_ENDED}`, [roomId]);
      if (open.length === 0) return 'ended';
      const [question]: (QuestionRow & { viewer_id: string })[] = await em.query(
        `SELECT ${COLUMNS}, q.viewer_id FROM rooms.questions q WHERE q.id = $1 AND q.room_id = $2 AND q.status <> 'hidden' FOR UPDATE`,
        [questionId, roomId],
      );
      if (!question) return null;
      if (viewerIds.includes(question.viewer_id)) return 'own';
      const added: unknown[] = await em.query(
        `INSERT INTO rooms.question_votes (question_id, room_id, viewer_id)
         SELECT $1, $2, $3 WHERE NOT EXISTS (SELECT 1 FROM rooms.question_votes v WHERE v.question_id = $1 AND v.viewer_id = ANY($4::text[]))
         ON CONFLICT DO NOTHING RETURNING question_id`,
        [questionId, roomId, viewerIds[0], viewerIds],
      );
      if (added.length === 0) return toStored(question);
      const [[row]]: [QuestionRow[]] = await em.query(
        `UPDATE rooms.questions q SET votes = votes + 1, updated_at = now() WHERE q.id = $1 RETURNING ${COLUMNS}`,
        [questionId],
      );
      return toStored(row);
    });
  }

  async setStatus(roomId: string, questionId: string, status: QuestionStatus): Promise<StoredQuestion | null> {
    const [rows]: [QuestionRow[]] = await this.db.query(
      `UPDATE rooms.questions q SET status = $3, updated_at = now() WHERE q.id = $1 AND q.room_id = $2 RETURNING ${COLUMNS}`,
      [questionId, roomId, status],
    );
    return rows[0] ? toStored(rows[0]) : null;
  }
}
