import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateAuth1763800300000 implements MigrationInterface {
  name = 'CreateAuth1763800300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE accounts.users (
        id uuid PRIMARY KEY,
        email varchar(320) NOT NULL UNIQUE,
        password_hash text NULL,
        name varchar(100) NOT NULL,
        email_confirmed_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE accounts.identities (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES accounts.users (id) ON DELETE CASCADE,
        provider varchar(32) NOT NULL,
        subject varchar(255) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT identities_provider_subject_uq UNIQUE (provider, subject)
      )`);
    await q.query(`
      CREATE TABLE accounts.sessions (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES accounts.users (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz NULL,
        revoked_reason varchar(32) NULL
      )`);
    await q.query(`CREATE INDEX sessions_user_idx ON accounts.sessions (user_id)`);
    await q.query(`
      CREATE TABLE accounts.refresh_tokens (
        id uuid PRIMARY KEY,
        session_id uuid NOT NULL REFERENCES accounts.sessions (id) ON DELETE CASCADE,
        token_hash char(64) NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        used_at timestamptz NULL
      )`);
    await q.query(`
      CREATE TABLE accounts.verification_tokens (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES accounts.users (id) ON DELETE CASCADE,
        purpose varchar(16) NOT NULL CHECK (purpose IN ('recovery', 'signup')),
        token_hash char(64) NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX verification_tokens_user_idx ON accounts.verification_tokens (user_id, purpose, created_at DESC)`);
    await q.query(`
      CREATE TABLE accounts.sign_in_failures (
        id bigserial PRIMARY KEY,
        email varchar(320) NOT NULL,
        failed_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX sign_in_failures_email_idx ON accounts.sign_in_failures (email, failed_at DESC)`);
    await q.query(`
      CREATE TABLE accounts.signing_keys (
        kid varchar(64) PRIMARY KEY,
        private_jwk jsonb NOT NULL,
        public_jwk jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE accounts.token_usage (
        event_id varchar(100) PRIMARY KEY,
        user_id uuid NOT NULL,
        room_id uuid NULL,
        tokens integer NOT NULL CHECK (tokens >= 0),
        event_type varchar(32) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX token_usage_user_idx ON accounts.token_usage (user_id, created_at DESC)`);
    await q.query(`DELETE FROM accounts.profiles WHERE id NOT IN (SELECT id FROM accounts.users)`);
    await q.query(`
      ALTER TABLE accounts.profiles
        ADD CONSTRAINT profiles_user_fk FOREIGN KEY (id) REFERENCES accounts.users (id) ON DELETE CASCADE`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE accounts.profiles DROP CONSTRAINT profiles_user_fk`);
    for (const table of [
      'token_usage',
      'signing_keys',
      'sign_in_failures',
      'verification_tokens',
      'refresh_tokens',
      'sessions',
      'identities',
      'users',
    ]) {
      await q.query(`DROP TABLE accounts.${table}`);
    }
  }
}
