import { MigrationInterface, QueryRunner } from 'typeorm';

/** The interface language a user chose, applied wherever they sign in; null until they choose one. */
export class ProfileLocale1764100000000 implements MigrationInterface {
  name = 'ProfileLocale1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE accounts.profiles ADD COLUMN locale varchar NULL CHECK (locale IN ('en', 'es'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE accounts.profiles DROP COLUMN locale`);
  }
}
