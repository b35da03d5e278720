import { Controller, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { LIVE_SUBJECTS, type BusPayload, type PresenceEvent } from '@lt/contracts';
import { Bus, OnEvent } from '@lt/platform';

/**
 * Which rooms have their host connected, anywhere in the cluster, for the admin panel: every gateway says
 * so in the presence it already publishes for each of its rooms, and a part not refreshed in time expires,
 * so a gateway that dies stops counting.
 */
@Injectable()
export class HostPresenceRegistry implements OnApplicationBootstrap {
  /** roomId -> gatewayId -> when that gateway's word expires */
  private readonly rooms = new Map<string, Map<string, number>>();

  constructor(private readonly bus: Bus) {}

  onApplicationBootstrap(): void {
    // A restarted rooms-svc learns at once rather than at the gateways' next heartbeat.
    this.bus.emit(LIVE_SUBJECTS.presenceSync, {});
  }

  update(event: PresenceEvent): void {
    let parts = this.rooms.get(event.roomId);
    if (event.host) {
      if (!parts) this.rooms.set(event.roomId, (parts = new Map()));
      parts.set(event.gatewayId, Date.now() + event.ttlMs);
      return;
    }
    parts?.delete(event.gatewayId);
    if (parts?.size === 0) this.rooms.delete(event.roomId);
  }

  hostConnected(roomId: string, now = Date.now()): boolean {
    const parts = this.rooms.get(roomId);
    if (!parts) return false;
    for (const [gatewayId, expiresAt] of parts) if (expiresAt < now) parts.delete(gatewayId);
    if (parts.size === 0) this.rooms.delete(roomId);
    return parts.size > 0;
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
