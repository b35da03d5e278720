/** What one part lately said of a room, until when. */
interface Said<V> {
  value: V;
  expiresAt: number;
}

/** A part's word that lapsed: the room, the part and what it had said. */
export interface Lapsed<V> {
  roomId: string;
  part: string;
  value: V;
}

/**
 * The one registry of expiring presence: what each part of the cluster (a gateway, a speaker) says of each
 * room, kept until it lapses unless said again (a heartbeat), so that a part that dies without a word stops
 * counting. A word lapses once its time has come (`expiresAt <= now`); Infinity: until the part says otherwise.
 */
export class RoomPresence<V> {
  private readonly rooms = new Map<string, Map<string, Said<V>>>();

  /** `part` says `value` of the room, until `expiresAt`. */
  say(roomId: string, part: string, value: V, expiresAt: number): void {
    let parts = this.rooms.get(roomId);
    if (!parts) this.rooms.set(roomId, (parts = new Map()));
    parts.set(part, { value, expiresAt });
  }

  /** `part` says no more of the room. */
  drop(roomId: string, part: string): void {
    const parts = this.rooms.get(roomId);
    parts?.delete(part);
    if (parts?.size === 0) this.rooms.delete(roomId);
  }

  /** What the parts still say of the room at `now`; the lapsed words are dropped. */
  values(roomId: string, now = Date.now()): V[] {
    const parts = this.rooms.get(roomId);
    if (!parts) return [];
    const values: V[] = [];
    for (const [part, said] of parts) {
      if (said.expiresAt <= now) parts.delete(part);
      else values.push(said.value);
    }
    if (parts.size === 0) this.rooms.delete(roomId);
    return values;
  }

  /** Words held of the room, lapsed or not (until `expire` or `values` drops them). */
  held(roomId: string): number {
    return this.rooms.get(roomId)?.size ?? 0;
  }

  /** Drops every word lapsed by `now`, and answers them. */
  expire(now = Date.now()): Lapsed<V>[] {
    const lapsed: Lapsed<V>[] = [];
    for (const [roomId, parts] of this.rooms) {
      for (const [part, said] of parts) {
        if (said.expiresAt > now) continue;
        parts.delete(part);
        lapsed.push({ roomId, part, value: said.value });
      }
      if (parts.size === 0) this.rooms.delete(roomId);
    }
    return lapsed;
  }

  /** Everything said of the room goes. */
  forget(roomId: string): void {
    this.rooms.delete(roomId);
  }

  /** The rooms something is said of. */
  roomIds(): string[] {
    return [...this.rooms.keys()];
  }

  /** Rooms something is said of (for tests). */
  get size(): number {
    return this.rooms.size;
  }
}
