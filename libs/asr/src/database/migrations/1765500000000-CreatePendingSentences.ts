import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Recognised sentences that rooms-svc could not take while this service shut down: kept here, not lost, and
 * stored later in their stream's order (by the replica that takes the stream next, or by any replica's sweep).
 */
export class CreatePendingSentences1765500000000 implements MigrationInterface {
  name = 'CreatePendingSentences1765500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE asr.pending_sentences (
        stream_id uuid NOT NULL,
        segment integer NOT NULL,
        room_id uuid NOT NULL,
        -- The transcript as rooms-svc is asked to store it (idempotent by its messageId).
        transcript jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        claimed_until timestamptz,
        PRIMARY KEY (stream_id, segment)
      )`);
    await q.query(`CREATE INDEX pending_sentences_created ON asr.pending_sentences (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE asr.pending_sentences`);
  }
}
