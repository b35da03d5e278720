import type { LanguageCode, PresenceEvent } from '@lt/contracts';
import { RoomPresence } from '@lt/platform';
import { minuteOf } from '@lt/usage';

type Counts = Partial<Record<LanguageCode, number>>;

/** The most viewers at once in a room during one minute, per language and all together. */
export interface MinutePeak {
  roomId: string;
  minute: string;
  viewers: Counts;
  total: number;
}

/**
 * Who watches each room now, from the presence every gateway publishes (its viewers per language, refreshed
 * at every heartbeat; a part not refreshed in time expires with its gateway), and the minute's peaks and new
 * viewers that the analytics write once a minute. Every rooms-svc replica hears every presence and keeps the
 * same picture; what they write is the same, and the larger value is kept.
 */
export class AudienceRegistry {
  /** Per room, each gateway's viewers per language. */
  private readonly rooms = new RoomPresence<Counts>();
  private peaks = new Map<string, MinutePeak>();
  private arrivals = new Map<string, Set<string>>();

  /** `newPerMinute`: new viewer ids kept per room between two drains (a minute), at most. */
  constructor(private readonly newPerMinute = Infinity) {}

  update(event: PresenceEvent, now = Date.now()): void {
    const viewers = event.viewers ?? {};
    if (Object.values(viewers).some((n) => n > 0)) this.rooms.say(event.roomId, event.gatewayId, viewers, now + event.ttlMs);
    else this.rooms.drop(event.roomId, event.gatewayId);
    if (event.arrivals?.length) {
      let ids = this.arrivals.get(event.roomId);
      if (!ids) this.arrivals.set(event.roomId, (ids = new Set()));
      for (const id of event.arrivals) if (ids.size < this.newPerMinute) ids.add(id);
    }
    this.sample(event.roomId, now);
  }

  /** Rooms whose content went: the new viewers held for them are not written. */
  forget(roomIds: string[]): void {
    for (const roomId of roomIds) this.arrivals.delete(roomId);
  }

  /** Viewers of the room now, per language, all gateways together. */
  now(roomId: string, now = Date.now()): Counts {
    const counts: Counts = {};
    for (const viewers of this.rooms.values(roomId, now))
      for (const [lang, n] of Object.entries(viewers) as [LanguageCode, number][]) counts[lang] = (counts[lang] ?? 0) + n;
    return counts;
  }

  /** Every watched room counts in the minute, even one whose viewers did not change. */
  sampleAll(now = Date.now()): void {
    for (const roomId of this.rooms.roomIds()) this.sample(roomId, now);
  }

  /** The minutes' peaks and the new viewers since the last drain; both start again empty. */
  drain(): { peaks: MinutePeak[]; arrivals: { roomId: string; viewerIds: string[] }[] } {
    const peaks = [...this.peaks.values()];
    const arrivals = [...this.arrivals].map(([roomId, ids]) => ({ roomId, viewerIds: [...ids] }));
    this.peaks = new Map();
    this.arrivals = new Map();
    return { peaks, arrivals };
  }

  private sample(roomId: string, now: number): void {
    const counts = this.now(roomId, now);
    const minute = minuteOf(now);
    const key = `${roomId}|${minute}`;
    let peak = this.peaks.get(key);
    if (!peak) this.peaks.set(key, (peak = { roomId, minute, viewers: {}, total: 0 }));
    let total = 0;
    for (const [lang, n] of Object.entries(counts) as [LanguageCode, number][]) {
      peak.viewers[lang] = Math.max(peak.viewers[lang] ?? 0, n);
      total += n;
    }
    peak.total = Math.max(peak.total, total);
  }
}
