import { Injectable } from '@nestjs/common';
import { ExpiringMap } from '@lt/platform';

/** Long enough for any translation or summary started before the deletion to have finished. */
const REMEMBER_MS = 15 * 60_000;

/** Rooms deleted lately: what this replica finishes for one of them afterwards is not stored. */
@Injectable()
export class PurgedRooms {
  /** Unbounded: a flood of deletions must not push out a room whose late results must not be stored. */
  private readonly rooms = new ExpiringMap<string, true>({ ttlMs: REMEMBER_MS });

  add(roomIds: string[]): void {
    for (const id of roomIds) this.rooms.set(id, true);
  }

  has(roomId: string): boolean {
    return this.rooms.has(roomId);
  }
}
