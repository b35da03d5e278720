import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A translation made again with a newer glossary replaces the stored one: when (so a viewer resuming from a
 * seq is sent the lines revised at or before it) and with which glossary version.
 */
export class AddTranslationRevisions1764200000000 implements MigrationInterface {
  name = 'AddTranslationRevisions1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE translate.translations ADD COLUMN revised_at timestamptz, ADD COLUMN glossary_version integer`);
    await q.query(`CREATE INDEX translations_revised_idx ON translate.translations (room_id, lang, seq) WHERE revised_at IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX translate.translations_revised_idx`);
    await q.query(`ALTER TABLE translate.translations DROP COLUMN revised_at, DROP COLUMN glossary_version`);
  }
}
