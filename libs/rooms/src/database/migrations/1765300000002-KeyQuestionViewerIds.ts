import { createHmac, randomBytes } from 'node:crypto';
import { MigrationInterface, QueryRunner } from 'typeorm';

/** Rows hashed per statement. */
const BATCH = 1_000;

/**
 * Questions and votes kept the browser's own client id; they keep only the viewer id keyed with HMAC from now on
 * (`viewer_id`, as unique viewers are). The key: the operator's VIEWER_ID_KEY, else one kept here, made once and
 * the same for every replica. The client ids already stored are hashed with the key kept here (the operator's key
 * may not reach this migration); rooms-svc reads both, so no question or vote is lost and nobody may vote twice.
 */
export class KeyQuestionViewerIds1765300000002 implements MigrationInterface {
  name = 'KeyQuestionViewerIds1765300000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE rooms.viewer_id_key (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        key text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    const key = randomBytes(32).toString('base64url');
    await q.query(`INSERT INTO rooms.viewer_id_key (key) VALUES ($1)`, [key]);
    for (const table of ['questions', 'question_votes']) {
      await q.query(`ALTER TABLE rooms.${table} RENAME COLUMN client_id TO viewer_id`);
      await q.query(`ALTER TABLE rooms.${table} ADD COLUMN keyed boolean NOT NULL DEFAULT false`);
      for (;;) {
        const rows: { ctid: string; room_id: string; viewer_id: string }[] = await q.query(
          `SELECT ctid::text AS ctid, room_id, viewer_id FROM rooms.${table} WHERE NOT keyed LIMIT ${BATCH}`,
        );
        if (rows.length === 0) break;
        await q.query(
          `UPDATE rooms.${table} t SET viewer_id = v.viewer_id, keyed = true
             FROM unnest($1::tid[], $2::text[]) AS v(ctid, viewer_id) WHERE t.ctid = v.ctid`,
          [rows.map((r) => r.ctid), rows.map((r) => keyed(key, r.room_id, r.viewer_id))],
        );
      }
      await q.query(`ALTER TABLE rooms.${table} DROP COLUMN keyed`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    // The client ids cannot come back: the keyed ids stay in the renamed columns.
    for (const table of ['questions', 'question_votes']) await q.query(`ALTER TABLE rooms.${table} RENAME COLUMN viewer_id TO client_id`);
    await q.query(`DROP TABLE rooms.viewer_id_key`);
  }
}

/** As rooms-svc keys a viewer id (ViewerIds): HMAC-SHA-256 of `roomId:clientId`, 32 hex characters. */
function keyed(key: string, roomId: string, clientId: string): string {
  return createHmac('sha256', key).update(`${roomId}:${clientId}`).digest('hex').slice(0, 32);
}
