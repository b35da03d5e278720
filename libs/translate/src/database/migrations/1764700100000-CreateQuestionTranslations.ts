import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Questions from the audience, translated once per (question, language). A row is claimed (text null) by the
 * replica that translates it, so that another replica asked for the same waits for it rather than paying
 * twice; a claim that failed is released. Deleted with the room (room_id).
 */
export class CreateQuestionTranslations1764700100000 implements MigrationInterface {
  name = 'CreateQuestionTranslations1764700100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE translate.question_translations (
        question_id uuid NOT NULL,
        lang varchar(16) NOT NULL,
        room_id uuid NOT NULL,
        text text,
        fallback varchar(16),
        claimed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (question_id, lang)
      )`);
    await q.query(`CREATE INDEX question_translations_room_idx ON translate.question_translations (room_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE translate.question_translations`);
  }
}
