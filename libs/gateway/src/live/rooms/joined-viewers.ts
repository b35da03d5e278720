import { Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { LIVE_SUBJECTS, LiveErrorCode, viewerFoundSchema, viewerProbeSchema } from '@lt/contracts';
import { Bus, DomainException, type Unsubscribe } from '@lt/platform';
import { LiveRooms } from './live-rooms';

/** How long a gateway waits for another to say it holds the viewer: only a holder answers, so silence is "no". */
export const VIEWER_PROBE_TIMEOUT_MS = 400;

/**
 * Asking and voting come from a joined viewer: the X-Client-Id of the call must be the viewerId of a viewer socket
 * joined to that room now. This gateway's own sockets answer at once; otherwise every gateway is asked on the bus
 * (`live.viewer.probe`, no queue) and the one holding such a socket says so (`live.viewer.found`). A client id
 * made up for the call, with no socket watching the room, is refused (`not_joined`).
 */
@Injectable()
export class JoinedViewers implements OnModuleInit, OnApplicationShutdown {
  private readonly waiting = new Map<string, () => void>();
  private readonly unsubscribes: Unsubscribe[] = [];

  constructor(
    private readonly bus: Bus,
    private readonly rooms: LiveRooms,
  ) {}

  onModuleInit(): void {
    this.unsubscribes.push(
      this.bus.subscribe<unknown>(LIVE_SUBJECTS.viewerProbe.subject, (payload) => {
        const probe = viewerProbeSchema.safeParse(payload);
        if (probe.success && this.rooms.holdsViewer(probe.data.roomId, probe.data.viewerId)) {
          this.bus.emit(LIVE_SUBJECTS.viewerFound, { probeId: probe.data.probeId });
        }
      }),
      this.bus.subscribe<unknown>(LIVE_SUBJECTS.viewerFound.subject, (payload) => {
        const found = viewerFoundSchema.safeParse(payload);
        if (found.success) this.waiting.get(found.data.probeId)?.();
      }),
    );
  }

  onApplicationShutdown(): void {
    for (const off of this.unsubscribes.splice(0)) off();
  }

  /** Throws `not_joined` unless a viewer socket of `clientId` is joined to the room on some gateway. */
  async require(roomId: string, clientId: string): Promise<void> {
    if (this.rooms.holdsViewer(roomId, clientId) || (await this.elsewhere(roomId, clientId))) return;
    throw new DomainException(LiveErrorCode.NotJoined, 'Open the room as a viewer to ask questions and vote');
  }

  private elsewhere(roomId: string, viewerId: string): Promise<boolean> {
    if (!viewerProbeSchema.shape.viewerId.safeParse(viewerId).success) return Promise.resolve(false);
    const probeId = crypto.randomUUID();
    return new Promise<boolean>((resolve) => {
      const settle = (found: boolean) => {
        clearTimeout(timer);
        this.waiting.delete(probeId);
        resolve(found);
      };
      const timer = setTimeout(() => settle(false), VIEWER_PROBE_TIMEOUT_MS);
      this.waiting.set(probeId, () => settle(true));
      this.bus.emit(LIVE_SUBJECTS.viewerProbe, { roomId, viewerId, probeId });
    });
  }
}
