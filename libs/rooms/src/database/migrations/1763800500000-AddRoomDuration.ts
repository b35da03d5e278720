import { MigrationInterface, QueryRunner } from 'typeorm';

/** The planned length from the dashboard's create form, and the indexes of the owner's lists. */
export class AddRoomDuration1763800500000 implements MigrationInterface {
  name = 'AddRoomDuration1763800500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE rooms.rooms ADD COLUMN duration_minutes integer NOT NULL DEFAULT 60 CHECK (duration_minutes > 0)`);
    await q.query(`CREATE INDEX rooms_owner_created_idx ON rooms.rooms (owner_id, created_at DESC)`);
    await q.query(`CREATE INDEX rooms_created_idx ON rooms.rooms (created_at DESC)`);
    await q.query(`CREATE INDEX message_logs_room_timestamp_idx ON rooms.message_logs (room_id, message_timestamp, seq)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX rooms.message_logs_room_timestamp_idx`);
    await q.query(`DROP INDEX rooms.rooms_created_idx`);
    await q.query(`DROP INDEX rooms.rooms_owner_created_idx`);
    await q.query(`ALTER TABLE rooms.rooms DROP COLUMN duration_minutes`);
  }
}
