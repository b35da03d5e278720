import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { LIVE_SUBJECTS, type LanguageCode, type PresenceEvent } from '@lt/contracts';
import { Bus, BusListening } from '@lt/platform';

/**
 * Which languages have at least one viewer in a room, anywhere in the cluster. Every gateway publishes its
 * own part; parts expire unless refreshed, so a gateway that dies stops counting.
 */
@Injectable()
export class PresenceRegistry implements OnApplicationBootstrap {
  /** roomId -> gatewayId -> languages and expiry */
  private readonly rooms = new Map<string, Map<string, { langs: LanguageCode[]; expiresAt: number }>>();

  constructor(
    private readonly bus: Bus,
    private readonly listening: BusListening,
  ) {}

  /**
   * A service (re)started knows nothing of the viewers: it asks every gateway, which answers at once, as soon
   * as it listens for the answers (rather than wait for the gateways' next presence heartbeat).
   */
  onApplicationBootstrap(): void {
    void this.listening.ready.then(() => this.bus.emit(LIVE_SUBJECTS.presenceSync, {}));
  }

  update(event: PresenceEvent): void {
    let parts = this.rooms.get(event.roomId);
    if (!parts) this.rooms.set(event.roomId, (parts = new Map()));
    if (event.langs.length === 0) parts.delete(event.gatewayId);
    else parts.set(event.gatewayId, { langs: event.langs, expiresAt: Date.now() + event.ttlMs });
    if (parts.size === 0) this.rooms.delete(event.roomId);
  }

  languagesFor(roomId: string, now = Date.now()): LanguageCode[] {
    const parts = this.rooms.get(roomId);
    if (!parts) return [];
    const langs = new Set<LanguageCode>();
    for (const [gatewayId, part] of parts) {
      if (part.expiresAt < now) parts.delete(gatewayId);
      else part.langs.forEach((l) => langs.add(l));
    }
    return [...langs];
  }
}
