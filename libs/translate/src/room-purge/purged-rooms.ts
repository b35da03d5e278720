import { Injectable } from '@nestjs/common';

/** Long enough for any translation or summary started before the deletion to have finished. */
const REMEMBER_MS = 15 * 60_000;

/** Rooms deleted lately: what this replica finishes for one of them afterwards is not stored. */
@Injectable()
export class PurgedRooms {
  private readonly until = new Map<string, number>();

  add(roomIds: string[], now = Date.now()): void {
    for (const [id, expiry] of this.until) if (expiry < now) this.until.delete(id);
    for (const id of roomIds) this.until.set(id, now + REMEMBER_MS);
  }

  has(roomId: string, now = Date.now()): boolean {
    return (this.until.get(roomId) ?? 0) >= now;
  }
}
