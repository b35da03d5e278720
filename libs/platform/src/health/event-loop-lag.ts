import type { OnApplicationShutdown } from '@nestjs/common';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

/** How often the lag is read (and the samples restarted): a burst of work shows within this long. */
const WINDOW_MS = 500;
/** The sampling timer's period: the lag is measured against it. */
const RESOLUTION_MS = 10;

/** How late this process runs its work now (milliseconds): work that may go without gives way when it is high. */
export interface ProcessLag {
  readonly ms: number;
}

/**
 * The 90th percentile of this process's event-loop delays over the last half second. It grows when the process
 * has more work than it gets through, and when it does not get the CPU (a machine shared with busier
 * processes): either way, what it starts now waits.
 */
export class EventLoopLag implements ProcessLag, OnApplicationShutdown {
  private readonly histogram: IntervalHistogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  private readonly timer: NodeJS.Timeout;
  private lastMs = 0;

  constructor() {
    this.histogram.enable();
    this.timer = setInterval(() => this.read(), WINDOW_MS);
    this.timer.unref();
  }

  get ms(): number {
    return this.lastMs;
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
    this.histogram.disable();
  }

  private read(): void {
    // The histogram holds each sampling timer's time from due to run (nanoseconds); empty right after a reset.
    this.lastMs = this.histogram.count > 0 ? Math.max(0, this.histogram.percentile(90) / 1e6 - RESOLUTION_MS) : 0;
    this.histogram.reset();
  }
}
