import { Controller, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { LIVE_SUBJECTS, type BusPayload, type PresenceEvent } from '@lt/contracts';
import { Bus, OnEvent, RoomPresence } from '@lt/platform';

/**
 * Which rooms have their host connected, anywhere in the cluster, for the admin panel: every gateway says
 * so in the presence it already publishes for each of its rooms, and a part not refreshed in time expires,
 * so a gateway that dies stops counting.
 */
@Injectable()
export class HostPresenceRegistry implements OnApplicationBootstrap {
  /** Per room, the gateways that hold its host. */
  private readonly rooms = new RoomPresence<true>();

  constructor(private readonly bus: Bus) {}

  onApplicationBootstrap(): void {
    // A restarted rooms-svc learns at once rather than at the gateways' next heartbeat.
    this.bus.emit(LIVE_SUBJECTS.presenceSync, {});
  }

  update(event: PresenceEvent): void {
    if (event.host) this.rooms.say(event.roomId, event.gatewayId, true, Date.now() + event.ttlMs);
    else this.rooms.drop(event.roomId, event.gatewayId);
  }

  hostConnected(roomId: string, now = Date.now()): boolean {
    return this.rooms.values(roomId, now).length > 0;
  }
}

@Controller()
export class HostPresenceController {
  constructor(private readonly presence: HostPresenceRegistry) {}

  /** Every replica keeps the whole picture: no queue group. */
  @OnEvent(LIVE_SUBJECTS.presence)
  update(@Payload() event: BusPayload<typeof LIVE_SUBJECTS.presence>) {
    this.presence.update(event);
  }
}
