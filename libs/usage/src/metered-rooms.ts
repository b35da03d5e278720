import { BusErrorCode, ROOMS_SUBJECTS, type ReplyOf } from '@lt/contracts';
import { Bus, BusRemoteError, ExpiringMap, SingleFlight } from '@lt/platform';

/** A room's owner does not change while it is live; asked again after this long. */
const OWNER_TTL_MS = 60_000;
/**
 * A room that has not ended is told of its end by its status event (UsageRoomsController), so what the meter saw
 * of it is asked again only after this long, for an event the bus lost. An ended room is asked again after the
 * meter's own `endTtlMs`: its owner may edit its allowance, which no event announces.
 */
const NOT_ENDED_TTL_MS = 60_000;
export type Ended = { at: string; allowance: number | null };
type Room = ReplyOf<typeof ROOMS_SUBJECTS.getRoom>['room'];

/**
 * What the meter knows of the rooms it charges, as rooms-svc said lately: each one's owner, and when it ended
 * with what its owner lets it spend after. The calls of a room asking together share one question.
 */
export class MeteredRooms {
  private readonly owners: ExpiringMap<string, { ownerId: string | null }>;
  private readonly ends: ExpiringMap<string, { ended: Ended | null }>;
  private readonly asking = new SingleFlight<string, Room>();
  /** Counts what the meter was told to forget: an answer asked for before one is kept only for `endTtlMs`. */
  private forgotten = 0;

  constructor(
    private readonly bus: Bus,
    max: number,
    /** An ended room's end and allowance are asked again after this long (ROOM_END_TTL_MS). */
    private readonly endTtlMs: number,
  ) {
    this.owners = new ExpiringMap({ max, ttlMs: OWNER_TTL_MS });
    this.ends = new ExpiringMap({ max, ttlMs: endTtlMs });
  }

  /** The owner if known now, without asking (undefined: not known). */
  knownOwner(roomId: string): string | null | undefined {
    return this.owners.get(roomId)?.ownerId;
  }

  async ownerOf(roomId: string): Promise<string | null> {
    const cached = this.owners.get(roomId);
    if (cached) return cached.ownerId;
    return (await this.ask(roomId)).owner_id;
  }

  /** The room's owner; none when rooms-svc answers that it cannot tell (the room is gone). Throws while rooms-svc is away. */
  async ownerOrNone(roomId: string): Promise<string | null> {
    try {
      return await this.ownerOf(roomId);
    } catch (error) {
      const passing = !(error instanceof BusRemoteError) || error.code === BusErrorCode.Unavailable || error.code === BusErrorCode.Timeout;
      if (passing) throw error;
      return null;
    }
  }

  /** When the room ended (not its last edit: editing an ended room does not start its allowance over), or null while it is not ended. */
  async ended(roomId: string): Promise<Ended | null> {
    const cached = this.ends.get(roomId);
    if (cached) return cached.ended;
    await this.ask(roomId);
    return this.ends.get(roomId)?.ended ?? null;
  }

  forget(roomId: string): void {
    this.owners.delete(roomId);
    this.forgetEnd(roomId);
  }

  /** The room started or ended: whether it has ended is asked again at its next call. */
  forgetEnd(roomId: string): void {
    this.forgotten += 1;
    this.ends.delete(roomId);
  }

  keys(): string[] {
    return this.owners.keys();
  }

  private ask(roomId: string): Promise<Room> {
    return this.asking.run(roomId, async () => {
      const before = this.forgotten;
      const { room } = await this.bus.request(ROOMS_SUBJECTS.getRoom, { roomId }, { timeoutMs: 2_000 });
      this.owners.set(roomId, { ownerId: room.owner_id });
      const ended = room.status === 'ended' ? { at: room.ended_at ?? room.updated_at, allowance: room.ended_allowance ?? null } : null;
      // A status event that came while this was asked may be newer than the answer: kept only briefly then.
      const trusted = !ended && before === this.forgotten;
      this.ends.set(roomId, { ended }, trusted ? Math.max(NOT_ENDED_TTL_MS, this.endTtlMs) : this.endTtlMs);
      return room;
    });
  }
}
