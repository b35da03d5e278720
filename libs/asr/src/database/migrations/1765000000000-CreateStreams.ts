import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Audio streams being recognised: which replica holds each (until `expires_at`, renewed while it lives), and
 * how far its speech is stored, so that a replica taking over replays only what is not stored yet.
 */
export class CreateStreams1765000000000 implements MigrationInterface {
  name = 'CreateStreams1765000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE asr.stream_leases (
        stream_id uuid PRIMARY KEY,
        room_id uuid NOT NULL,
        holder varchar(64) NOT NULL,
        expires_at timestamptz NOT NULL,
        -- The first chunk not covered by a stored sentence, and the index of the next sentence.
        committed_seq integer NOT NULL DEFAULT 0,
        segment integer NOT NULL DEFAULT 0,
        -- Wall-clock time of the stream's ms 0: sentences are timed on the room's clock from it.
        started_at timestamptz NOT NULL,
        stream jsonb NOT NULL,
        stopped boolean NOT NULL DEFAULT false,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX stream_leases_room ON asr.stream_leases (room_id)`);
    await q.query(`
      CREATE TABLE asr.usage_outbox (
        id bigserial PRIMARY KEY,
        event_id varchar(100) NOT NULL UNIQUE,
        room_id uuid NOT NULL,
        owner_id uuid,
        owner_known boolean NOT NULL,
        tokens integer NOT NULL CHECK (tokens >= 0),
        event_type varchar(20) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        claimed_until timestamptz
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE asr.usage_outbox`);
    await q.query(`DROP TABLE asr.stream_leases`);
  }
}
