import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import {
  USAGE_SUBJECTS,
  type AnalyticsReport,
  type HostAccess,
  type LiveAnalytics,
  type PresenceEvent,
  type RecordedMinute,
} from '@lt/contracts';
import { Bus } from '@lt/platform';
import { MinuteCounter } from '@lt/usage';
import { ROOMS_ENV, type RoomsEnv } from '../rooms.env';
import { RoomAccess, userActor } from '../rooms/room-access';
import type { RoomEntity } from '../rooms/room.entity';
import { buildReport, delaysByLanguage, type ReportRows } from './analytics-report';
import { AnalyticsRepository } from './analytics.repository';
import { AudienceRegistry } from './audience.registry';
import { ViewerIds } from './viewer-ids';

const DAY_MS = 86_400_000;
/** The host page's delay "now": the latest minute with captions within this long. */
const LIVE_DELAY_WINDOW_MS = 2 * 60_000;

/**
 * A room's analytics, which rooms-svc owns: who watched (from the gateways' presence), sentences stored here,
 * and what translate-svc and tts-svc counted (tokens, caption delays, fallbacks), per minute. What this
 * process counts waits in memory and is written once per ANALYTICS_FLUSH_MS; what the others send is
 * already a minute's worth and is written as it comes.
 */
@Injectable()
export class AnalyticsService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Analytics');
  private readonly audience: AudienceRegistry;
  /** What an ended room may spend when its owner set nothing. */
  private readonly endedAllowance: number;
  private readonly counter = new MinuteCounter();
  private readonly flushMs: number;
  private timer?: NodeJS.Timeout;
  private flushing?: Promise<void>;

  constructor(
    private readonly repository: AnalyticsRepository,
    private readonly access: RoomAccess,
    private readonly bus: Bus,
    private readonly viewerIds: ViewerIds,
    @Inject(ROOMS_ENV) env: RoomsEnv,
  ) {
    this.audience = new AudienceRegistry(env.NEW_VIEWERS_PER_MINUTE);
    this.endedAllowance = env.ENDED_ROOM_TOKEN_ALLOWANCE;
    this.flushMs = env.ANALYTICS_FLUSH_MS;
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.flush(), this.flushMs);
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  presence(event: PresenceEvent): void {
    this.audience.update(event);
  }

  /** Rooms whose content went (their retention): who was new there is not written. */
  forget(roomIds: string[]): void {
    this.audience.forget(roomIds);
  }

  sentence(roomId: string): void {
    this.counter.sentence(roomId);
  }

  /** A minute's worth from translate-svc or tts-svc. */
  async record(minutes: RecordedMinute[]): Promise<{ rooms: number }> {
    await this.repository.write(minutes);
    return { rooms: new Set(minutes.map((m) => m.roomId)).size };
  }

  /** Writes what this process counted; what fails is counted again with the next minute. */
  flush(): Promise<void> {
    this.flushing ??= this.writeCounted().finally(() => (this.flushing = undefined));
    return this.flushing;
  }

  async room(roomId: string, access: HostAccess): Promise<AnalyticsReport> {
    const room = await this.authorize(roomId, access);
    const rows = await this.repository.room(roomId);
    const figures = report(rows, 'minute', {
      id: room.id,
      name: room.name,
      status: room.status,
      created_at: room.createdAt.toISOString(),
    });
    return { ...figures, ended: await this.afterEnd(room) };
  }

  /** An ended room: what its owner lets it spend after the end, and what it spent since (accounts-svc's ledger). */
  private async afterEnd(room: RoomEntity): Promise<AnalyticsReport['ended']> {
    if (room.status !== 'ended' || !room.endedAt) return null;
    const at = room.endedAt.toISOString();
    try {
      const { tokens } = await this.bus.request(USAGE_SUBJECTS.spentSince, { roomId: room.id, since: at }, { timeoutMs: 2_000 });
      return { at, allowance: room.endedAllowance ?? this.endedAllowance, spent: tokens };
    } catch (error) {
      this.logger.warn(`what room ${room.id} spent after its end is unknown now: ${(error as Error).message}`);
      return null;
    }
  }

  async live(roomId: string, access: HostAccess): Promise<LiveAnalytics> {
    await this.authorize(roomId, access);
    const viewers = this.audience.now(roomId);
    const delays = await this.repository.latestDelays(roomId, new Date(Date.now() - LIVE_DELAY_WINDOW_MS));
    return {
      viewers,
      total: Object.values(viewers).reduce((a, b) => a + (b ?? 0), 0),
      delay: delaysByLanguage(delays),
      delay_at: delays[0]?.at ?? null,
    };
  }

  /** Every room's figures per day over the last `days` days (the admin panel). */
  async all(days: number): Promise<AnalyticsReport> {
    return report(await this.repository.all(new Date(Date.now() - days * DAY_MS)), 'day', null);
  }

  private authorize(roomId: string, access: HostAccess): Promise<RoomEntity> {
    return 'ownerId' in access
      ? this.access.require(roomId, userActor(access.ownerId), 'owner')
      : this.access.require(roomId, { kind: 'hostKey', hostKey: access.hostKey }, 'host');
  }

  private async writeCounted(): Promise<void> {
    this.audience.sampleAll();
    const { peaks, arrivals } = this.audience.drain();
    const counted = this.counter.drain();
    if (peaks.length === 0 && arrivals.length === 0 && counted.length === 0) return;
    try {
      await this.repository.write(counted, peaks);
      await this.repository.addViewers(
        arrivals.flatMap(({ roomId, viewerIds }) => viewerIds.map((id) => ({ roomId, viewer: this.viewerIds.keyed(roomId, id) }))),
      );
    } catch (error) {
      // Sums are counted again; peaks and arrivals of a failed minute are seen again at the next presence.
      this.counter.restore(counted);
      this.logger.warn(`room analytics could not be written, kept for the next minute: ${(error as Error).message}`);
    }
  }
}

function report(rows: ReportRows, step: 'minute' | 'day', room: AnalyticsReport['room']): AnalyticsReport {
  const { points, totals } = buildReport(rows, step);
  return { room, step, from: points[0]?.at ?? null, to: points.at(-1)?.at ?? null, totals, points };
}
