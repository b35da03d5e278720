import { MigrationInterface, QueryRunner } from 'typeorm';
import { createDeletedRoomsTable, DELETED_ROOMS_TABLE } from '@lt/platform';

/** The rooms deleted lately, by a digest of their id, so that no late write stores for them (libs/platform deleted-rooms.ts). */
export class CreateDeletedRooms1765400000000 implements MigrationInterface {
  name = 'CreateDeletedRooms1765400000000';

  async up(q: QueryRunner): Promise<void> {
    await createDeletedRoomsTable(q, 'translate');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE translate.${DELETED_ROOMS_TABLE}`);
  }
}
