import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateTranslations1763800100000 implements MigrationInterface {
  name = 'CreateTranslations1763800100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE translate.translations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        room_id uuid NOT NULL,
        message_id varchar(64) NOT NULL,
        seq integer NOT NULL,
        lang varchar(10) NOT NULL,
        text text NOT NULL,
        fallback varchar(16) NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT translations_room_message_lang_uq UNIQUE (room_id, message_id, lang)
      )`);
    await q.query(`CREATE INDEX translations_room_lang_seq_idx ON translate.translations (room_id, lang, seq)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE translate.translations`);
  }
}
