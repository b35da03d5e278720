import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateProfiles1763800200000 implements MigrationInterface {
  name = 'CreateProfiles1763800200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE accounts.profiles (
        id uuid PRIMARY KEY,
        email varchar(320) NOT NULL UNIQUE,
        name varchar(100) NULL,
        plan_type varchar(16) NOT NULL DEFAULT 'free' CHECK (plan_type IN ('free', 'premium')),
        token_quota integer NOT NULL DEFAULT 10000,
        tokens_used integer NOT NULL DEFAULT 0,
        role varchar(16) NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin')),
        last_reset timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE accounts.profiles`);
  }
}
