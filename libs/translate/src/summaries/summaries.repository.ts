import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { notPurgedThrough } from '@lt/platform';
import { TRANSLATE_DATA_SOURCE, TRANSLATE_SCHEMA } from '../translate.database';
import { SummaryEntity } from './summary.entity';

export type SummaryKey = Pick<SummaryEntity, 'roomId' | 'lang' | 'fromSeq' | 'upToSeq'>;

@Injectable()
export class SummariesRepository {
  constructor(@Inject(TRANSLATE_DATA_SOURCE) private readonly db: DataSource) {}

  find(key: SummaryKey): Promise<SummaryEntity | null> {
    return this.db.getRepository(SummaryEntity).findOneBy(key);
  }

  /**
   * Runs `make` holding a lock on the key across every replica (a PostgreSQL advisory lock for the
   * transaction), so a summary is made once however many ask at the same moment. One made while its room's
   * content went is answered, not stored.
   */
  onceFor(key: SummaryKey, make: () => Promise<string>): Promise<SummaryEntity> {
    return this.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 1))', [`${key.roomId}:${key.lang}:${key.fromSeq}:${key.upToSeq}`]);
      const found = await tx.getRepository(SummaryEntity).findOneBy(key);
      if (found) return found;
      const row: SummaryEntity = { ...key, text: await make(), createdAt: new Date() };
      await tx.query(
        `INSERT INTO translate.summaries (room_id, lang, from_seq, up_to_seq, text, created_at)
         SELECT $1, $2, $3, $4, $5, $6 WHERE ${notPurgedThrough(TRANSLATE_SCHEMA, '$1::uuid', '$4::int')}`,
        [row.roomId, row.lang, row.fromSeq, row.upToSeq, row.text, row.createdAt],
      );
      return row;
    });
  }
}
