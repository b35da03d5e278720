import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Tokens held for model calls under way: taken before a call against the owner's quota (or an anonymous room's
 * budget), gone when the call's usage is applied (same id) or released, or once they lapse.
 */
export class TokenReservations1764800000000 implements MigrationInterface {
  name = 'TokenReservations1764800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE accounts.token_reservations (
        id uuid PRIMARY KEY,
        user_id uuid,
        room_id uuid NOT NULL,
        tokens integer NOT NULL CHECK (tokens >= 0),
        expires_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX token_reservations_user ON accounts.token_reservations (user_id) WHERE user_id IS NOT NULL`);
    await q.query(`CREATE INDEX token_reservations_room ON accounts.token_reservations (room_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE accounts.token_reservations`);
  }
}
