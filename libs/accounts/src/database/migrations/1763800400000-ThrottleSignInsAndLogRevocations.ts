import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Failed sign-ins are counted per (e-mail, client address) instead of per e-mail, so that failures from one
 * address never lock the owner out from another; and revoked sessions are logged apart from the sessions,
 * so that a gateway that starts can learn them, even those of a deleted account.
 */
export class ThrottleSignInsAndLogRevocations1763800400000 implements MigrationInterface {
  name = 'ThrottleSignInsAndLogRevocations1763800400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE accounts.sign_in_failures`);
    await q.query(`
      CREATE TABLE accounts.sign_in_throttle (
        email varchar(320) NOT NULL,
        address varchar(100) NOT NULL,
        failures integer NOT NULL CHECK (failures >= 0),
        blocked_until timestamptz NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (email, address)
      )`);
    await q.query(`CREATE INDEX sign_in_throttle_updated_idx ON accounts.sign_in_throttle (updated_at)`);
    await q.query(`
      CREATE TABLE accounts.session_revocations (
        session_id uuid PRIMARY KEY,
        revoked_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX session_revocations_revoked_idx ON accounts.session_revocations (revoked_at)`);
    await q.query(`
      INSERT INTO accounts.session_revocations (session_id, revoked_at)
      SELECT id, revoked_at FROM accounts.sessions WHERE revoked_at > now() - interval '2 hours'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE accounts.session_revocations`);
    await q.query(`DROP TABLE accounts.sign_in_throttle`);
    await q.query(`
      CREATE TABLE accounts.sign_in_failures (
        id bigserial PRIMARY KEY,
        email varchar(320) NOT NULL,
        failed_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX sign_in_failures_email_idx ON accounts.sign_in_failures (email, failed_at DESC)`);
  }
}
