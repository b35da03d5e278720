import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How long each room's transcript is kept (kept for good by default, existing rooms too), when the room last
 * ended (from the evaluations of rooms that ended already), and when its content was last deleted for it.
 */
export class AddRoomRetention1764800000000 implements MigrationInterface {
  name = 'AddRoomRetention1764800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE rooms.rooms
        ADD COLUMN retention varchar(16) NOT NULL DEFAULT 'keep'
          CHECK (retention IN ('keep', 'days_7', 'days_30', 'days_90', 'none')),
        ADD COLUMN ended_at timestamptz NULL,
        ADD COLUMN transcript_deleted_at timestamptz NULL`);
    await q.query(`
      UPDATE rooms.rooms r SET ended_at = e.end_time
      FROM rooms.room_evaluations e WHERE e.room_id = r.id AND r.status = 'ended'`);
    await q.query(`CREATE INDEX rooms_retention_due_idx ON rooms.rooms (ended_at) WHERE retention <> 'keep' AND status = 'ended'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX rooms.rooms_retention_due_idx`);
    await q.query(`ALTER TABLE rooms.rooms DROP COLUMN retention, DROP COLUMN ended_at, DROP COLUMN transcript_deleted_at`);
  }
}
