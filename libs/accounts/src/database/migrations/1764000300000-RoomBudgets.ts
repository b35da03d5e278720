import { MigrationInterface, QueryRunner } from 'typeorm';

/** Anonymous rooms spend a budget of their own; their usage goes to the same ledger without a user. */
export class RoomBudgets1764000300000 implements MigrationInterface {
  name = 'RoomBudgets1764000300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE accounts.token_usage ALTER COLUMN user_id DROP NOT NULL`);
    await q.query(`
      CREATE TABLE accounts.room_budgets (
        room_id uuid PRIMARY KEY,
        tokens_used integer NOT NULL DEFAULT 0 CHECK (tokens_used >= 0),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE accounts.room_budgets`);
    await q.query(`DELETE FROM accounts.token_usage WHERE user_id IS NULL`);
    await q.query(`ALTER TABLE accounts.token_usage ALTER COLUMN user_id SET NOT NULL`);
  }
}
