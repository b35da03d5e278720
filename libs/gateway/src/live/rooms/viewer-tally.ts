import type { LanguageCode } from '@lt/contracts';

/** A room's presence goes out at most this often for a change of its viewer counts alone. */
const COUNT_PUBLISH_MS = 1_000;
/** Arrivals kept per room between two presences; a larger crowd joining at once is counted at the next. */
const MAX_ARRIVALS = 1_000;

/**
 * What the room's analytics learn from this gateway's presence: how many viewers read each language, and
 * which viewers (the browser's id) joined since the last presence. A change of counts alone publishes the
 * room's presence once within a second, however many viewers come and go meanwhile.
 */
export class ViewerTally {
  private readonly arrivals = new Map<string, Set<string>>();
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(private readonly publish: (roomId: string) => void) {}

  arrived(roomId: string, viewerId: string): void {
    let ids = this.arrivals.get(roomId);
    if (!ids) this.arrivals.set(roomId, (ids = new Set()));
    if (ids.size < MAX_ARRIVALS) ids.add(viewerId);
    this.changed(roomId);
  }

  changed(roomId: string): void {
    if (this.timers.has(roomId)) return;
    const timer = setTimeout(() => {
      this.timers.delete(roomId);
      this.publish(roomId);
    }, COUNT_PUBLISH_MS);
    timer.unref();
    this.timers.set(roomId, timer);
  }

  /** The arrivals to publish now; they are not published again. */
  drain(roomId: string): string[] | undefined {
    const ids = this.arrivals.get(roomId);
    this.arrivals.delete(roomId);
    return ids?.size ? [...ids] : undefined;
  }

  forget(roomId: string): void {
    clearTimeout(this.timers.get(roomId));
    this.timers.delete(roomId);
    this.arrivals.delete(roomId);
  }

  close(): void {
    for (const roomId of [...this.timers.keys()]) this.forget(roomId);
  }
}

/** Viewers per language of a room on this gateway. */
export function viewerCounts(viewers: Map<LanguageCode, Set<unknown>>): Partial<Record<LanguageCode, number>> {
  return Object.fromEntries([...viewers].map(([lang, sockets]) => [lang, sockets.size]));
}
