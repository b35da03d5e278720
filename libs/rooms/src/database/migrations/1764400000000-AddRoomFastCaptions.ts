import { MigrationInterface, QueryRunner } from 'typeorm';

/** Whether interim lines are translated for the viewers ("Fast captions"): on for every room, existing ones included. */
export class AddRoomFastCaptions1764400000000 implements MigrationInterface {
  name = 'AddRoomFastCaptions1764400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE rooms.rooms ADD COLUMN fast_captions boolean NOT NULL DEFAULT true`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE rooms.rooms DROP COLUMN fast_captions`);
  }
}
