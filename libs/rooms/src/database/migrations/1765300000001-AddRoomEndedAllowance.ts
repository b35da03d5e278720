import { MigrationInterface, QueryRunner } from 'typeorm';

/** What an ended room may still spend, set by its owner; null: the deployment's default (ENDED_ROOM_TOKEN_ALLOWANCE). */
export class AddRoomEndedAllowance1765300000001 implements MigrationInterface {
  name = 'AddRoomEndedAllowance1765300000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE rooms.rooms ADD COLUMN ended_allowance integer CHECK (ended_allowance BETWEEN 0 AND 1000000)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE rooms.rooms DROP COLUMN ended_allowance`);
  }
}
