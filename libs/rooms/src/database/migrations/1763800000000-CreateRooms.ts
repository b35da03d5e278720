import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateRooms1763800000000 implements MigrationInterface {
  name = 'CreateRooms1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE rooms.rooms (
        id uuid PRIMARY KEY,
        owner_id uuid NULL,
        name varchar(100) NOT NULL,
        source_language varchar(10) NULL,
        status varchar(16) NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'active', 'ended')),
        viewer_link text NOT NULL,
        scheduled_at timestamptz NULL,
        host_key_hash char(64) NOT NULL,
        last_seq integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX rooms_owner_idx ON rooms.rooms (owner_id, updated_at DESC)`);
    await q.query(`
      CREATE TABLE rooms.room_evaluations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        room_id uuid NOT NULL UNIQUE REFERENCES rooms.rooms (id) ON DELETE CASCADE,
        start_time timestamptz NOT NULL,
        end_time timestamptz NOT NULL,
        total_messages integer NOT NULL DEFAULT 0,
        translated_messages integer NOT NULL DEFAULT 0,
        success_rate numeric(5,2) NOT NULL DEFAULT 100
      )`);
    await q.query(`
      CREATE TABLE rooms.message_logs (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        room_id uuid NOT NULL REFERENCES rooms.rooms (id) ON DELETE CASCADE,
        message_id varchar(64) NOT NULL,
        seq integer NOT NULL,
        text text NOT NULL,
        source_language varchar(10) NOT NULL,
        message_timestamp timestamptz NOT NULL,
        confidence real NULL,
        confidence_level varchar(8) NOT NULL DEFAULT 'medium' CHECK (confidence_level IN ('high', 'medium', 'low')),
        speaker_id varchar(100) NOT NULL,
        speaker_name varchar(100) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT message_logs_room_message_uq UNIQUE (room_id, message_id),
        CONSTRAINT message_logs_room_seq_uq UNIQUE (room_id, seq)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE rooms.message_logs`);
    await q.query(`DROP TABLE rooms.room_evaluations`);
    await q.query(`DROP TABLE rooms.rooms`);
  }
}
