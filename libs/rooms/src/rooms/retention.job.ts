import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown, Optional } from '@nestjs/common';
import { ROOMS_ENV, roomsEnvSchema, type RoomsEnv } from '../rooms.env';
import { RoomRetention } from './room-retention.service';

/**
 * The retention job: every `RETENTION_JOB_INTERVAL_MS`, and once at start, the content of every room that is due
 * goes. Replicas may run it at once: what one deletes, the other finds gone.
 */
@Injectable()
export class RetentionJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('RetentionJob');
  private readonly intervalMs: number;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly retention: RoomRetention,
    @Optional() @Inject(ROOMS_ENV) env?: RoomsEnv,
  ) {
    this.intervalMs = (env ?? roomsEnvSchema.parse({})).RETENTION_JOB_INTERVAL_MS;
  }

  onApplicationBootstrap(): void {
    if (this.intervalMs === 0) return;
    this.timer = setInterval(() => void this.run(), this.intervalMs);
    this.timer.unref();
    void this.run();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One round; a round still going when the next is due is not doubled. */
  run(): Promise<void> {
    this.running ??= this.retention
      .sweep()
      .then((rooms) => {
        if (rooms > 0) this.logger.log(`retention: the content of ${rooms} room(s) was deleted`);
      })
      .catch((error: Error) => this.logger.warn(`retention round failed, tried again at the next: ${error.message}`))
      .finally(() => (this.running = null));
    return this.running;
  }
}
