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

  async insert(q: { roomId: string; clientId: string; text: string; lang: LanguageCode }): Promise<StoredQuestion> {
    const [row]: QuestionRow[] = await this.db.query(
      `INSERT INTO rooms.questions AS q (id, room_id, text, lang, client_id) VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
      [crypto.randomUUID(), q.roomId, q.text, q.lang, q.clientId],
    );
    return toStored(row);
  }

  /** Up to `limit` open and answered questions, oldest first, after `afterId`, with whether `clientId` upvoted each. */
  async visible(
    roomId: string,
    clientId: string | undefined,
    page: { afterId?: string; limit: number },
  ): Promise<(StoredQuestion & { voted: boolean })[]> {
    const rows: QuestionRow[] = await this.db.query(
      `SELECT ${COLUMNS}, EXISTS (SELECT 1 FROM rooms.question_votes v WHERE v.question_id = q.id AND v.client_id = $2) AS voted
       FROM rooms.questions q WHERE q.room_id = $1 AND q.status <> 'hidden'
         AND ($3::uuid IS NULL OR (q.created_at, q.id) > (SELECT a.created_at, a.id FROM rooms.questions a WHERE a.id = $3))
       ORDER BY q.created_at, q.id LIMIT $4`,
      [roomId, clientId ?? '', page.afterId ?? null, page.limit],
    );
    return rows.map((r) => ({ ...toStored(r), voted: Boolean(r.voted) }));
  }

  /**
   * One upvote per client id on a question not hidden, not asked by that client: its votes after it, null for no
   * such question, 'own' for the voter's own question.
   */
  async vote(roomId: string, questionId: string, clientId: string): Promise<StoredQuestion | 'own' | null> {
    return this.db.transaction(async (em) => {
      const [question]: (QuestionRow & { client_id: string })[] = await em.query(
        `SELECT ${COLUMNS}, q.client_id FROM rooms.questions q WHERE q.id = $1 AND q.room_id = $2 AND q.status <> 'hidden' FOR UPDATE`,
        [questionId, roomId],
      );
      if (!question) return null;
      if (question.client_id === clientId) return 'own';
      const added: unknown[] = await em.query(
        `INSERT INTO rooms.question_votes (question_id, room_id, client_id) VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING RETURNING question_id`,
        [questionId, roomId, clientId],
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
