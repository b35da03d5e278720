import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { PurgeMark } from '@lt/contracts';
import { ExpiringMap, recordPurges } from '@lt/platform';
import { TRANSLATE_DATA_SOURCE, TRANSLATE_SCHEMA } from '../translate.database';

/** Long enough for any translation or summary started before a room's deletion to have finished. */
const REMEMBER_MS = 15 * 60_000;

/**
 * The rooms whose content went. Their retention: recorded in this schema, and every writer's insert checks it in the
 * same statement (`notPurgedThrough` / `notPurgedSince`), so no replica stores for them again, one that missed the
 * purge included. Deleted rooms: nothing of them is kept, not even their ids, so each replica remembers them a while
 * (every replica hears the deletion) and stores nothing more for them.
 */
@Injectable()
export class PurgedRooms {
  /** Unbounded: a flood of deletions must not push out a room whose late results must not be stored. */
  private readonly rooms = new ExpiringMap<string, true>({ ttlMs: REMEMBER_MS });

  constructor(@Inject(TRANSLATE_DATA_SOURCE) private readonly db: DataSource) {}

  record(marks: PurgeMark[]): Promise<void> {
    return recordPurges(this.db, TRANSLATE_SCHEMA, marks);
  }

  deleted(roomIds: string[]): void {
    for (const id of roomIds) this.rooms.set(id, true);
  }

  /** A room deleted lately: what this replica finishes for it is not stored. */
  has(roomId: string): boolean {
    return this.rooms.has(roomId);
  }
}
