import { MigrationInterface, QueryRunner } from 'typeorm';

/** The language-model limits every replica of translate-svc shares: the provider's, and each room's. */
export class CreateLlmLimits1764100000000 implements MigrationInterface {
  name = 'CreateLlmLimits1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE translate.llm_limits (
        key varchar(80) PRIMARY KEY,
        -- A room's own limit (deleted with the room's data); null for the provider's.
        room_id uuid,
        requests double precision NOT NULL,
        tokens double precision NOT NULL,
        window_start timestamptz NOT NULL,
        window_count integer NOT NULL,
        blocked_until timestamptz,
        updated_at timestamptz NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE translate.llm_limits`);
  }
}
