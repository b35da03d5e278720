import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { AnalyticsReport, HostAccess, LiveAnalytics, PresenceEvent, RecordedMinute } from '@lt/contracts';
import { hmacSha256, newSecret } from '@lt/platform';
import { MinuteCounter } from '@lt/usage';
import { ROOMS_ENV, type RoomsEnv } from '../rooms.env';
import { RoomAccess, userActor } from '../rooms/room-access';
import type { RoomEntity } from '../rooms/room.entity';
import { buildReport, delaysByLanguage, type ReportRows } from './analytics-report';
import { AnalyticsRepository } from './analytics.repository';
import { AudienceRegistry } from './audience.registry';

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
  /** What viewer ids are hashed with: the operator's key, shared by the replicas, or one of this process. */
  private readonly viewerKey: string;
  private readonly counter = new MinuteCounter();
  private readonly flushMs: number;
  private timer?: NodeJS.Timeout;
  private flushing?: Promise<void>;

  constructor(
    private readonly repository: AnalyticsRepository,
    private readonly access: RoomAccess,
    @Inject(ROOMS_ENV) env: RoomsEnv,
  ) {
    this.audience = new AudienceRegistry(env.NEW_VIEWERS_PER_MINUTE);
    this.viewerKey = env.VIEWER_ID_KEY ?? newSecret();
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
    return report(rows, 'minute', {
      id: room.id,
      name: room.name,
      status: room.status,
      created_at: room.createdAt.toISOString(),
    });
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
        arrivals.flatMap(({ roomId, viewerIds }) =>
          viewerIds.map((id) => ({ roomId, viewer: hmacSha256(this.viewerKey, `${roomId}:${id}`).slice(0, 32) })),
        ),
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
