import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Co-host speakers, invited by a secret link (room_speakers). The invite token is kept only as its SHA-256, so
 * the table never holds what opens a room; a deleted room takes its speakers with it.
 */
export class CreateRoomSpeakers1764000200000 implements MigrationInterface {
  name = 'CreateRoomSpeakers1764000200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE rooms.room_speakers (
        id uuid PRIMARY KEY,
        room_id uuid NOT NULL REFERENCES rooms.rooms (id) ON DELETE CASCADE,
        speaker_name varchar(50) NOT NULL,
        speaker_role varchar(16) NOT NULL DEFAULT 'co-host' CHECK (speaker_role = 'co-host'),
        invite_token_hash char(64) NOT NULL,
        is_active boolean NOT NULL DEFAULT false,
        input_language varchar(10) NULL,
        joined_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT room_speakers_token_uq UNIQUE (room_id, invite_token_hash)
      )`);
    await q.query(`CREATE INDEX room_speakers_room_created_idx ON rooms.room_speakers (room_id, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE rooms.room_speakers`);
  }
}
