import { Injectable } from '@nestjs/common';
import { LIVE_SUBJECTS, REALTIME, type HostPresenceEvent } from '@lt/contracts';
import { Bus, RoomPresence } from '@lt/platform';

/**
 * Whether a room's host is connected, on any gateway. Each gateway counts its own host sockets per room and
 * says so (a room event) when that count leaves or reaches zero, and again at every presence heartbeat while
 * it holds a host; each gateway keeps what the others said, until it expires. A gateway killed without a
 * word thus stops counting within the TTL, as with viewer presence. A gateway that takes a room asks the
 * others, which answer if they hold its host.
 */
@Injectable()
export class HostPresence {
  private readonly local = new Map<string, number>();
  /** Per room, the other gateways that said they hold its host. */
  private readonly remote = new RoomPresence<true>();

  constructor(private readonly bus: Bus) {}

  connected(roomId: string): boolean {
    return (this.local.get(roomId) ?? 0) > 0 || this.remote.held(roomId) > 0;
  }

  /** A host socket of this gateway joined; true when the room's host was not connected before. */
  hostJoined(roomId: string, gatewayId: string): boolean {
    const before = this.connected(roomId);
    const count = (this.local.get(roomId) ?? 0) + 1;
    this.local.set(roomId, count);
    if (count === 1) this.publish(roomId, gatewayId, true);
    return !before;
  }

  /** A host socket of this gateway left; true when the room's host is no longer connected anywhere. */
  hostLeft(roomId: string, gatewayId: string): boolean {
    const count = (this.local.get(roomId) ?? 0) - 1;
    if (count > 0) {
      this.local.set(roomId, count);
      return false;
    }
    this.local.delete(roomId);
    this.publish(roomId, gatewayId, false);
    return !this.connected(roomId);
  }

  /** Another gateway spoke of its host sockets; true when that changed whether the host is connected. */
  onRemote(event: HostPresenceEvent, gatewayId: string, now = Date.now()): boolean {
    if (event.gatewayId === gatewayId) return false;
    const before = this.connected(event.roomId);
    if (event.connected) this.remote.say(event.roomId, event.gatewayId, true, event.ttlMs ? now + event.ttlMs : Infinity);
    else this.remote.drop(event.roomId, event.gatewayId);
    return before !== this.connected(event.roomId);
  }

  /** The heartbeat: every room whose host is here hears it again. */
  refresh(gatewayId: string): void {
    for (const roomId of this.local.keys()) this.publish(roomId, gatewayId, true);
  }

  /** Drops what other gateways said and did not repeat in time; answers the rooms whose host is now gone. */
  expire(now = Date.now()): string[] {
    const lapsed = new Set(this.remote.expire(now).map((word) => word.roomId));
    return [...lapsed].filter((roomId) => !this.connected(roomId));
  }

  /** This gateway took the room: the others say whether they hold its host. */
  ask(roomId: string, gatewayId: string): void {
    this.bus.emitToRoom(LIVE_SUBJECTS.hostQuery, { roomId }, { roomId, gatewayId });
  }

  /** Another gateway asked: this one answers if it holds the room's host. */
  answer(roomId: string, gatewayId: string): void {
    if ((this.local.get(roomId) ?? 0) > 0) this.publish(roomId, gatewayId, true);
  }

  /** This gateway no longer has sockets in the room: what it knew of the others is dropped. */
  forget(roomId: string): void {
    this.remote.forget(roomId);
  }

  /** Shutting down: every room whose host was here hears it left. */
  leaveAll(gatewayId: string): void {
    for (const roomId of this.local.keys()) this.publish(roomId, gatewayId, false);
    this.local.clear();
  }

  /** Rooms this gateway knows a host of, here or elsewhere (for tests). */
  get size(): number {
    return new Set([...this.local.keys(), ...this.remote.roomIds()]).size;
  }

  private publish(roomId: string, gatewayId: string, connected: boolean): void {
    this.bus.emitToRoom(
      LIVE_SUBJECTS.host,
      { roomId },
      { roomId, gatewayId, connected, ...(connected ? { ttlMs: REALTIME.presenceTtlMs } : {}) },
    );
  }
}
