import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { PurgeMark } from '@lt/contracts';
import { recordDeletions, recordPurges } from '@lt/platform';
import { TRANSLATE_DATA_SOURCE, TRANSLATE_SCHEMA } from '../translate.database';

/**
 * The rooms whose content went, recorded in this schema; every writer's insert checks the record in the same
 * statement (`notPurgedThrough` / `notPurgedSince`), so no replica stores for them again, one that missed the purge or
 * started after it included. Retention: for good. Deleted rooms: a while, by a digest of their id (nothing of them
 * keeps it), longer than any work started before the deletion.
 */
@Injectable()
export class PurgedRooms {
  constructor(@Inject(TRANSLATE_DATA_SOURCE) private readonly db: DataSource) {}

  record(marks: PurgeMark[]): Promise<void> {
    return recordPurges(this.db, TRANSLATE_SCHEMA, marks);
  }

  deleted(roomIds: string[]): Promise<void> {
    return recordDeletions(this.db, TRANSLATE_SCHEMA, roomIds);
  }
}
