import { MigrationInterface, QueryRunner } from 'typeorm';

/** Each room's stream key for the venue's feed: only its SHA-256, looked up by the ingest; gone with the room. */
export class CreateRoomIngestKeys1764910000000 implements MigrationInterface {
  name = 'CreateRoomIngestKeys1764910000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE rooms.room_ingest_keys (
        room_id uuid PRIMARY KEY REFERENCES rooms.rooms(id) ON DELETE CASCADE,
        key_hash char(64) NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE rooms.room_ingest_keys`);
  }
}
