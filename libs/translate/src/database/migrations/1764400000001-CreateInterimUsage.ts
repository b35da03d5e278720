import { MigrationInterface, QueryRunner } from 'typeorm';

/** The tokens each room has spent on interim translation (Fast captions), which its host sees live. */
export class CreateInterimUsage1764400000001 implements MigrationInterface {
  name = 'CreateInterimUsage1764400000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE translate.interim_usage (room_id uuid PRIMARY KEY, tokens bigint NOT NULL DEFAULT 0)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE translate.interim_usage`);
  }
}
