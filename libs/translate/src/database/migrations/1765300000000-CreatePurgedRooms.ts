import { MigrationInterface, QueryRunner } from 'typeorm';
import { createPurgedRoomsTable } from '@lt/platform';

/** The rooms whose content went, so that nothing of it is stored again (see libs/platform purge-ledger.ts). */
export class CreatePurgedRooms1765300000000 implements MigrationInterface {
  name = 'CreatePurgedRooms1765300000000';

  async up(q: QueryRunner): Promise<void> {
    await createPurgedRoomsTable(q, 'translate');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE translate.purged_rooms`);
  }
}
