import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateSummaries1764000100000 implements MigrationInterface {
  name = 'CreateSummaries1764000100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE translate.summaries (
        room_id uuid NOT NULL,
        lang varchar(10) NOT NULL,
        from_seq integer NOT NULL,
        up_to_seq integer NOT NULL,
        text text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (room_id, lang, from_seq, up_to_seq)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE translate.summaries`);
  }
}
