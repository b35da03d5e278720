import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Usage reports of this service waiting for accounts-svc: written when a provider's usage is read, deleted
 * once accounts-svc has applied them. A row claimed by a sender carries the time its claim lapses.
 */
export class CreateUsageOutbox1764300000000 implements MigrationInterface {
  name = 'CreateUsageOutbox1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE translate.usage_outbox (
        id bigserial PRIMARY KEY,
        event_id varchar(100) NOT NULL UNIQUE,
        room_id uuid NOT NULL,
        -- The room's owner when it was known at the time of the report (null: anonymous room).
        owner_id uuid,
        owner_known boolean NOT NULL,
        tokens integer NOT NULL CHECK (tokens >= 0),
        event_type varchar(20) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        claimed_until timestamptz
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE translate.usage_outbox`);
  }
}
