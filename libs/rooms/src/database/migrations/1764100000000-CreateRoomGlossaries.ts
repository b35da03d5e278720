import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A room's glossary: one row per room holding its entries as they are always read and replaced, whole. The
 * version grows by one with every change, so translations made under an older one are not reused; a
 * deleted room takes its glossary with it.
 */
export class CreateRoomGlossaries1764100000000 implements MigrationInterface {
  name = 'CreateRoomGlossaries1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE rooms.room_glossaries (
        room_id uuid PRIMARY KEY REFERENCES rooms.rooms (id) ON DELETE CASCADE,
        version integer NOT NULL CHECK (version > 0),
        entries jsonb NOT NULL CHECK (jsonb_typeof(entries) = 'array'),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE rooms.room_glossaries`);
  }
}
