import { Injectable, Logger } from '@nestjs/common';
import { ROOMS_SUBJECTS } from '@lt/contracts';
import { Bus, ExpiringMap, SingleFlight } from '@lt/platform';

/** A room's setting is asked again after this long (changes come as events meanwhile). */
const TTL_MS = 60_000;
const MAX_ROOMS = 5_000;
/**
 * Whether the room is live is asked again after this long: its start and end come as events (InterimController
 * forgets the room), so this is for one the bus lost…
 */
const LIVE_TTL_MS = 60_000;
/** …or after this long when a start or end was heard while it was asked: the answer may be older than the event. */
const UNSURE_LIVE_TTL_MS = 5_000;

/**
 * Whether a room translates its interim lines ("Fast captions"): asked of rooms-svc once, then followed by
 * its `event.settings`. When rooms-svc does not answer, interim lines are not translated (they are extra).
 */
@Injectable()
export class FastCaptionsSettings {
  private readonly logger = new Logger('FastCaptionsSettings');
  /** Each room's setting, and until when it is known to be live. */
  private readonly rooms = new ExpiringMap<string, { on: boolean; liveUntil: number }>({ max: MAX_ROOMS, ttlMs: TTL_MS });
  /** Per room, the question to rooms-svc under way: the interim lines of its speakers, coming together, share it. */
  private readonly asking = new SingleFlight<string, boolean>();
  /** Counts the rooms forgotten (a start, an end, a deletion): an answer asked for before one is not trusted long. */
  private forgotten = 0;

  constructor(private readonly bus: Bus) {}

  /** Whether the room translates its interim lines now: the setting on, and the room live (active). */
  async enabled(roomId: string): Promise<boolean> {
    const known = this.rooms.get(roomId);
    if (known && (!known.on || known.liveUntil > Date.now())) return known.on;
    return this.asking.run(roomId, () => this.ask(roomId));
  }

  private async ask(roomId: string): Promise<boolean> {
    try {
      const before = this.forgotten;
      const { room } = await this.bus.request(ROOMS_SUBJECTS.getRoom, { roomId });
      const on = room.fast_captions !== false && room.status === 'active';
      this.rooms.set(roomId, { on, liveUntil: Date.now() + (before === this.forgotten ? LIVE_TTL_MS : UNSURE_LIVE_TTL_MS) });
      return on;
    } catch (error) {
      this.logger.warn(`Fast captions of room ${roomId} unknown: ${(error as Error).message}`);
      return false;
    }
  }

  /** The room's setting, from its event: whether it is live is asked again. */
  set(roomId: string, on: boolean): void {
    this.rooms.set(roomId, { on, liveUntil: 0 });
  }

  /** The rooms started, ended or were deleted: asked again at their next interim line. */
  forget(roomIds: string[]): void {
    this.forgotten += 1;
    for (const roomId of roomIds) this.rooms.delete(roomId);
  }
}
