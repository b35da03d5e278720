import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateEnhancements1764000400000 implements MigrationInterface {
  name = 'CreateEnhancements1764000400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE translate.enhancements (
        room_id uuid NOT NULL,
        message_id varchar(64) NOT NULL,
        text text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (room_id, message_id)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE translate.enhancements`);
  }
}
