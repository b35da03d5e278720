import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap, Optional } from '@nestjs/common';
import { ANALYTICS_SUBJECTS, type AnalyticsTask, type TranslationFallback, type UsageEventType } from '@lt/contracts';
import { Bus } from '@lt/platform';
import { MinuteCounter } from './minute-counter';
import { UsageMeter } from './usage-meter';

/** The injection token of ANALYTICS_FLUSH_MS, from the service's typed settings. */
export const ANALYTICS_FLUSH_MS = Symbol('ANALYTICS_FLUSH_MS');

/** How a usage report's kind shows in the analytics (speech is `tts` on the ledger). */
const TASK_OF: Partial<Record<UsageEventType | 'interim', AnalyticsTask>> = {
  translation: 'translation',
  interim: 'interim',
  enhancement: 'enhancement',
  summary: 'summary',
  tts: 'speech',
  recognition: 'recognition',
};

/**
 * What a service that translates or speaks counts for rooms' analytics (tokens by task, as the usage meter
 * records them; caption delays, fallback and original captions), kept per room and minute in memory and sent
 * to rooms-svc, which owns the analytics, once per ANALYTICS_FLUSH_MS (a minute by default). Unsent minutes
 * go with the next try.
 */
@Injectable()
export class AnalyticsRelay implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('AnalyticsRelay');
  private readonly counter = new MinuteCounter();
  private timer?: NodeJS.Timeout;
  private sending?: Promise<void>;
  private failing = false;

  constructor(
    private readonly bus: Bus,
    @Inject(ANALYTICS_FLUSH_MS) private readonly flushMs: number,
    @Optional() meter?: UsageMeter,
  ) {
    meter?.onUsage((usage) => this.tokens(usage.roomId, usage.eventType, usage.tokens));
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.flush(), this.flushMs);
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private tokens(roomId: string, eventType: UsageEventType, tokens: number): void {
    const task = TASK_OF[eventType];
    if (task) this.counter.tokens(roomId, task, tokens);
  }

  caption(roomId: string, lang: string, delayMs: number, fallback?: TranslationFallback | null): void {
    this.counter.caption(roomId, lang, delayMs, fallback);
  }

  /** Sends what was counted; one send at a time. */
  flush(): Promise<void> {
    this.sending ??= this.send().finally(() => (this.sending = undefined));
    return this.sending;
  }

  private async send(): Promise<void> {
    const minutes = this.counter.drain();
    if (minutes.length === 0) return;
    try {
      await this.bus.request(ANALYTICS_SUBJECTS.record, { minutes }, { timeoutMs: 5_000 });
      if (this.failing) this.logger.log('room analytics reach rooms-svc again');
      this.failing = false;
    } catch (error) {
      if (!this.failing) this.logger.warn(`room analytics wait for rooms-svc: ${(error as Error).message}`);
      this.failing = true;
      this.counter.restore(minutes);
    }
  }
}
