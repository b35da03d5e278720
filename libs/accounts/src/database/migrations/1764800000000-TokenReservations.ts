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
    // One round trip per call: the owner's (or the room's) row locked, then what is held read afresh (each
    // statement of a function sees what committed before it), then the hold written, or nothing.
    await q.query(`
      CREATE FUNCTION accounts.reserve_tokens(p_id uuid, p_user uuid, p_room uuid, p_tokens integer, p_quota bigint,
                                              p_ttl_ms integer, p_cap bigint, p_cap_since timestamptz)
      RETURNS boolean LANGUAGE plpgsql AS $$
      DECLARE
        used bigint;
        held bigint;
        room_spent bigint;
      BEGIN
        IF p_user IS NOT NULL THEN
          SELECT tokens_used INTO used FROM accounts.profiles WHERE id = p_user FOR UPDATE;
          used := COALESCE(used, 0);
          SELECT COALESCE(sum(tokens), 0) INTO held FROM accounts.token_reservations WHERE user_id = p_user AND expires_at > now();
        ELSE
          INSERT INTO accounts.room_budgets (room_id, tokens_used) VALUES (p_room, 0) ON CONFLICT (room_id) DO NOTHING;
          SELECT tokens_used INTO used FROM accounts.room_budgets WHERE room_id = p_room FOR UPDATE;
          SELECT COALESCE(sum(tokens), 0) INTO held FROM accounts.token_reservations
           WHERE user_id IS NULL AND room_id = p_room AND expires_at > now();
        END IF;
        IF used + held + p_tokens > p_quota THEN RETURN false; END IF;
        IF p_cap IS NOT NULL THEN
          SELECT (SELECT COALESCE(sum(tokens), 0) FROM accounts.token_usage WHERE room_id = p_room AND created_at >= p_cap_since)
               + (SELECT COALESCE(sum(tokens), 0) FROM accounts.token_reservations WHERE room_id = p_room AND expires_at > now())
            INTO room_spent;
          IF room_spent + p_tokens > p_cap THEN RETURN false; END IF;
        END IF;
        INSERT INTO accounts.token_reservations (id, user_id, room_id, tokens, expires_at)
        VALUES (p_id, p_user, p_room, p_tokens, now() + p_ttl_ms * interval '1 millisecond') ON CONFLICT (id) DO NOTHING;
        RETURN true;
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION accounts.reserve_tokens`);
    await q.query(`DROP TABLE accounts.token_reservations`);
  }
}
