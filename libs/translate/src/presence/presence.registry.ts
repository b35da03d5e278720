import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { LIVE_SUBJECTS, type LanguageCode, type PresenceEvent } from '@lt/contracts';
import { Bus, BusListening, RoomPresence } from '@lt/platform';

/**
 * Which languages have at least one viewer in a room, anywhere in the cluster. Every gateway publishes its
 * own part; parts expire unless refreshed, so a gateway that dies stops counting.
 */
@Injectable()
export class PresenceRegistry implements OnApplicationBootstrap {
  /** Per room, each gateway's languages. */
  private readonly rooms = new RoomPresence<LanguageCode[]>();

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
    if (event.langs.length === 0) this.rooms.drop(event.roomId, event.gatewayId);
    else this.rooms.say(event.roomId, event.gatewayId, event.langs, Date.now() + event.ttlMs);
  }

  languagesFor(roomId: string, now = Date.now()): LanguageCode[] {
    return [...new Set(this.rooms.values(roomId, now).flat())];
  }
}
