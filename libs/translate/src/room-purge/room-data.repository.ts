import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ServiceHealth } from '@lt/contracts';
import { databaseHealth, PURGED_ROOMS_TABLE } from '@lt/platform';
import { TRANSLATE_DATA_SOURCE, TRANSLATE_SCHEMA } from '../translate.database';

/**
 * What translate-svc keeps of rooms, in every table of its schema with a `room_id` column (translations,
 * summaries, and any table added later), deleted together when rooms are deleted. The record of purged rooms and
 * the usage reports waiting in the outbox stay: what the rooms spent is still charged to their owners (accounts-svc forgets the rooms).
 */
@Injectable()
export class RoomDataRepository {
  constructor(@Inject(TRANSLATE_DATA_SOURCE) private readonly db: DataSource) {}

  async deleteRooms(roomIds: string[]): Promise<number> {
    if (roomIds.length === 0) return 0;
    const tables = await this.db.query<{ table_name: string }[]>(
      `SELECT table_name FROM information_schema.columns
       WHERE table_schema = $1 AND column_name = 'room_id' AND table_name NOT IN ('usage_outbox', $2) ORDER BY table_name`,
      [TRANSLATE_SCHEMA, PURGED_ROOMS_TABLE],
    );
    return this.db.transaction(async (em) => {
      let deleted = 0;
      for (const { table_name } of tables) {
        const [, count]: [unknown[], number] = await em.query(
          `DELETE FROM "${TRANSLATE_SCHEMA}"."${table_name.replace(/"/g, '""')}" WHERE room_id = ANY($1::uuid[])`,
          [roomIds],
        );
        deleted += count;
      }
      return deleted;
    });
  }

  health(): Promise<ServiceHealth> {
    return databaseHealth(this.db);
  }
}
