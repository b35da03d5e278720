import { z } from 'zod';
import { captionDelayBucket, type AnalyticsTask, type RecordedMinute, type TranslationFallback } from '@lt/contracts';
import { loadEnv } from '@lt/platform';

type Language = NonNullable<RecordedMinute['languages']>[number];

/** Minutes kept in memory while they cannot be written; beyond it the oldest go (analytics, not billing). */
const MAX_MINUTES = 20_000;
const MINUTE_MS = 60_000;

/** How often a process adds the minutes it counted to the rooms' analytics (the minutes stay minutes). */
export const analyticsFlushMsSchema = z.coerce.number().int().min(100).max(600_000).default(60_000);
const flushEnvSchema = z.object({ ANALYTICS_FLUSH_MS: analyticsFlushMsSchema });

/** ANALYTICS_FLUSH_MS of a service's variables, validated: a bad value stops the process naming the variable. */
export function analyticsFlushMs(env: Record<string, string | undefined>): number {
  return loadEnv(flushEnvSchema, env).ANALYTICS_FLUSH_MS;
}

/** The start of the minute `at` falls in, as ISO. */
export function minuteOf(at: number): string {
  return new Date(Math.floor(at / MINUTE_MS) * MINUTE_MS).toISOString();
}

/**
 * What a process counted for rooms' analytics, per room and minute, in memory: sentences, tokens by task,
 * and per language the caption delays (a histogram), fallback and original captions. Drained and written
 * (or sent) about once a minute; what could not be written is put back and goes with the next.
 */
export class MinuteCounter {
  private minutes = new Map<string, RecordedMinute>();

  sentence(roomId: string, at = Date.now()): void {
    const minute = this.minute(roomId, at);
    minute.sentences = (minute.sentences ?? 0) + 1;
  }

  tokens(roomId: string, task: AnalyticsTask, tokens: number, at = Date.now()): void {
    if (tokens <= 0) return;
    const minute = this.minute(roomId, at);
    minute.tokens = { ...minute.tokens, [task]: (minute.tokens?.[task] ?? 0) + tokens };
  }

  /** A caption delivered in `lang`, `delayMs` after its sentence was stored. */
  caption(roomId: string, lang: string, delayMs: number, fallback?: TranslationFallback | null, at = Date.now()): void {
    const language = this.language(this.minute(roomId, at), lang);
    const bucket = captionDelayBucket(Math.max(0, Math.round(delayMs)));
    while (language.delays.length <= bucket) language.delays.push(0);
    language.delays[bucket] += 1;
    if (fallback === 'service') language.fallback += 1;
    if (fallback === 'original') language.original += 1;
  }

  /** Everything counted so far; the counter starts again empty. */
  drain(): RecordedMinute[] {
    const drained = [...this.minutes.values()];
    this.minutes = new Map();
    return drained;
  }

  /** Minutes that could not be written are counted again (added to what came since). */
  restore(minutes: RecordedMinute[]): void {
    for (const m of minutes) {
      if (this.minutes.size >= MAX_MINUTES) return;
      const at = Date.parse(m.minute);
      if (m.sentences) for (let i = 0; i < m.sentences; i++) this.sentence(m.roomId, at);
      for (const [task, n] of Object.entries(m.tokens ?? {})) this.tokens(m.roomId, task as AnalyticsTask, n ?? 0, at);
      for (const l of m.languages ?? []) {
        const language = this.language(this.minute(m.roomId, at), l.lang);
        l.delays.forEach((n, i) => {
          while (language.delays.length <= i) language.delays.push(0);
          language.delays[i] += n;
        });
        language.fallback += l.fallback;
        language.original += l.original;
      }
    }
  }

  get size(): number {
    return this.minutes.size;
  }

  private minute(roomId: string, at: number): RecordedMinute {
    const start = minuteOf(at);
    const key = `${roomId}|${start}`;
    let minute = this.minutes.get(key);
    if (!minute) this.minutes.set(key, (minute = { roomId, minute: start }));
    return minute;
  }

  private language(minute: RecordedMinute, lang: string): Language {
    minute.languages ??= [];
    let language = minute.languages.find((l) => l.lang === lang);
    if (!language) minute.languages.push((language = { lang: lang as Language['lang'], delays: [], fallback: 0, original: 0 }));
    return language;
  }
}
