import { Injectable } from '@nestjs/common';
import { USAGE_SUBJECTS, type QuotaChangedEvent } from '@lt/contracts';
import { Bus } from '@lt/platform';
import { ServiceAnswers } from './service-answers';

/** A room's spending is asked at most this often for the sockets joining it. */
const QUOTA_STATUS_TTL_MS = 5_000;

/**
 * Whether each room's token quota is spent, for the sockets of this gateway: as the last room event said
 * (services announce changes only), or else as accounts-svc answers a join. Kept only while the gateway
 * has sockets in the room.
 */
@Injectable()
export class QuotaState {
  private readonly announced = new Map<string, boolean>();
  private readonly asked = new ServiceAnswers<boolean>('whether a room may spend', { ttlMs: QUOTA_STATUS_TTL_MS, max: 10_000 });

  constructor(private readonly bus: Bus) {}

  /** Whether the room's quota is spent now; `undefined` when nobody said and accounts-svc did not answer. */
  async exhausted(roomId: string, ownerId: string | null): Promise<boolean | undefined> {
    const announced = this.announced.get(roomId);
    if (announced !== undefined) return announced;
    const allowed = await this.asked.get(roomId, async () => (await this.bus.request(USAGE_SUBJECTS.status, { roomId, ownerId })).allowed);
    return allowed === undefined ? undefined : !allowed;
  }

  /** Takes an announcement; true when it changes what the room's sockets were last told. */
  changed(event: QuotaChangedEvent): boolean {
    if ((this.announced.get(event.roomId) ?? false) === event.exhausted) return false;
    this.announced.set(event.roomId, event.exhausted);
    return true;
  }

  /** The gateway has no socket left in the room. */
  forget(roomId: string): void {
    this.announced.delete(roomId);
    this.asked.forget(roomId);
  }

  /** Rooms this gateway keeps a quota state of (for tests). */
  get size(): number {
    return this.announced.size + this.asked.size;
  }
}
