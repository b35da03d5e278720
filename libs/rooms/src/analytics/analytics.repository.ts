import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { RecordedMinute } from '@lt/contracts';
import { ROOMS_DATA_SOURCE } from '../rooms.database';
import { ROOM_PURGED } from '../rooms/room-content.repository';
import type { MinutePeak } from './audience.registry';
import type { ReportRows } from './analytics-report';

/** Rows of one upsert, keyed so that no statement touches a row twice. */
class Rows<T> {
  readonly byKey = new Map<string, T>();
  add(key: string, make: () => T, merge: (row: T) => void): void {
    let row = this.byKey.get(key);
    if (!row) this.byKey.set(key, (row = make()));
    merge(row);
  }
  get list(): T[] {
    return [...this.byKey.values()];
  }
}

const columns = <T, K extends keyof T>(rows: T[], key: K): T[K][] => rows.map((r) => r[key]);
/** Only rows of rooms that exist: a room deleted meanwhile takes nothing more. */
const EXISTING = 'JOIN rooms.rooms r ON r.id = v.room_id';

/**
 * The only place that touches the analytics tables. Writes are a handful of upserts a minute whatever the
 * traffic: sums add up, viewer peaks keep the larger, unique viewers are inserted once.
 */
@Injectable()
export class AnalyticsRepository {
  constructor(@Inject(ROOMS_DATA_SOURCE) private readonly db: DataSource) {}

  async write(recorded: RecordedMinute[], watched: MinutePeak[] = []): Promise<void> {
    const peaks = await this.beforeTheEnd(watched);
    const minutes = new Rows<{ room: string; minute: string; peak: number; sentences: number }>();
    const langs = new Rows<{ room: string; minute: string; lang: string; viewers: number; fallback: number; original: number }>();
    const delays = new Rows<{ room: string; minute: string; lang: string; bucket: number; samples: number }>();
    const tokens = new Rows<{ room: string; minute: string; task: string; tokens: number }>();
    const minuteRow = (room: string, minute: string) => () => ({ room, minute, peak: 0, sentences: 0 });
    const langRow = (room: string, minute: string, lang: string) => () => ({ room, minute, lang, viewers: 0, fallback: 0, original: 0 });
    for (const p of peaks) {
      minutes.add(`${p.roomId}|${p.minute}`, minuteRow(p.roomId, p.minute), (r) => (r.peak = Math.max(r.peak, p.total)));
      for (const [lang, n] of Object.entries(p.viewers))
        langs.add(`${p.roomId}|${p.minute}|${lang}`, langRow(p.roomId, p.minute, lang), (r) => (r.viewers = Math.max(r.viewers, n ?? 0)));
    }
    for (const m of recorded) {
      const minute = new Date(m.minute).toISOString();
      if (m.sentences) minutes.add(`${m.roomId}|${minute}`, minuteRow(m.roomId, minute), (r) => (r.sentences += m.sentences ?? 0));
      for (const [task, n] of Object.entries(m.tokens ?? {}))
        tokens.add(
          `${m.roomId}|${minute}|${task}`,
          () => ({ room: m.roomId, minute, task, tokens: 0 }),
          (r) => (r.tokens += n ?? 0),
        );
      for (const l of m.languages ?? []) {
        langs.add(`${m.roomId}|${minute}|${l.lang}`, langRow(m.roomId, minute, l.lang), (r) => {
          r.fallback += l.fallback;
          r.original += l.original;
        });
        l.delays.forEach((samples, bucket) => {
          if (samples > 0)
            delays.add(
              `${m.roomId}|${minute}|${l.lang}|${bucket}`,
              () => ({ room: m.roomId, minute, lang: l.lang, bucket, samples: 0 }),
              (r) => (r.samples += samples),
            );
        });
      }
    }
    await this.db.transaction(async (tx) => {
      const m = minutes.list;
      if (m.length)
        await tx.query(
          `INSERT INTO rooms.room_minutes AS t (room_id, minute, peak_viewers, sentences)
           SELECT v.room_id, v.minute, v.peak, v.sentences
             FROM unnest($1::uuid[], $2::timestamptz[], $3::int[], $4::int[]) AS v(room_id, minute, peak, sentences) ${EXISTING}
           ON CONFLICT (room_id, minute) DO UPDATE
             SET peak_viewers = GREATEST(t.peak_viewers, EXCLUDED.peak_viewers), sentences = t.sentences + EXCLUDED.sentences`,
          [columns(m, 'room'), columns(m, 'minute'), columns(m, 'peak'), columns(m, 'sentences')],
        );
      const l = langs.list;
      if (l.length)
        await tx.query(
          `INSERT INTO rooms.room_minute_languages AS t (room_id, minute, lang, viewers, fallback, original)
           SELECT v.room_id, v.minute, v.lang, v.viewers, v.fallback, v.original
             FROM unnest($1::uuid[], $2::timestamptz[], $3::text[], $4::int[], $5::int[], $6::int[])
                  AS v(room_id, minute, lang, viewers, fallback, original) ${EXISTING}
           ON CONFLICT (room_id, minute, lang) DO UPDATE
             SET viewers = GREATEST(t.viewers, EXCLUDED.viewers), fallback = t.fallback + EXCLUDED.fallback,
                 original = t.original + EXCLUDED.original`,
          [
            columns(l, 'room'),
            columns(l, 'minute'),
            columns(l, 'lang'),
            columns(l, 'viewers'),
            columns(l, 'fallback'),
            columns(l, 'original'),
          ],
        );
      const d = delays.list;
      if (d.length)
        await tx.query(
          `INSERT INTO rooms.room_minute_delays AS t (room_id, minute, lang, bucket, samples)
           SELECT v.room_id, v.minute, v.lang, v.bucket, v.samples
             FROM unnest($1::uuid[], $2::timestamptz[], $3::text[], $4::smallint[], $5::int[]) AS v(room_id, minute, lang, bucket, samples) ${EXISTING}
           ON CONFLICT (room_id, minute, lang, bucket) DO UPDATE SET samples = t.samples + EXCLUDED.samples`,
          [columns(d, 'room'), columns(d, 'minute'), columns(d, 'lang'), columns(d, 'bucket'), columns(d, 'samples')],
        );
      const k = tokens.list;
      if (k.length)
        await tx.query(
          `INSERT INTO rooms.room_minute_tokens AS t (room_id, minute, task, tokens)
           SELECT v.room_id, v.minute, v.task, v.tokens
             FROM unnest($1::uuid[], $2::timestamptz[], $3::text[], $4::bigint[]) AS v(room_id, minute, task, tokens) ${EXISTING}
           ON CONFLICT (room_id, minute, task) DO UPDATE SET tokens = t.tokens + EXCLUDED.tokens`,
          [columns(k, 'room'), columns(k, 'minute'), columns(k, 'task'), columns(k, 'tokens')],
        );
    });
  }

  /**
   * The peaks of minutes a room was open in: viewers' tabs left open on an ended room still send presence, which
   * must not add viewer-minutes after its end (the minute it ended in still counts). A room opened again counts again.
   */
  private async beforeTheEnd(peaks: MinutePeak[]): Promise<MinutePeak[]> {
    if (peaks.length === 0) return peaks;
    const ended: { id: string; ended_at: Date }[] = await this.db.query(
      `SELECT id, ended_at FROM rooms.rooms WHERE id = ANY($1::uuid[]) AND status = 'ended' AND ended_at IS NOT NULL`,
      [[...new Set(peaks.map((p) => p.roomId))]],
    );
    const endOf = new Map(ended.map((r) => [r.id, new Date(r.ended_at).getTime()]));
    return peaks.filter((p) => !endOf.has(p.roomId) || Date.parse(p.minute) <= (endOf.get(p.roomId) as number));
  }

  /**
   * Viewers (already hashed with their room) seen for the first time are added; known ones stay as they were. None
   * of a room whose content went (its retention).
   */
  async addViewers(viewers: { roomId: string; viewer: string }[]): Promise<void> {
    if (viewers.length === 0) return;
    await this.db.query(
      `INSERT INTO rooms.room_viewers (room_id, viewer)
       SELECT v.room_id, v.viewer FROM unnest($1::uuid[], $2::text[]) AS v(room_id, viewer) ${EXISTING} AND NOT ${ROOM_PURGED}
       ON CONFLICT DO NOTHING`,
      [viewers.map((v) => v.roomId), viewers.map((v) => v.viewer)],
    );
  }

  /** A room's minutes. */
  async room(roomId: string): Promise<ReportRows> {
    const q = <T>(sql: string) => this.db.query(sql, [roomId]) as Promise<T[]>;
    const at = `to_char(minute AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"') AS at`;
    const [minutes, languages, delays, tokens, unique] = await Promise.all([
      q<ReportRows['minutes'][number]>(`SELECT ${at}, peak_viewers AS peak, sentences FROM rooms.room_minutes WHERE room_id = $1`),
      q<ReportRows['languages'][number]>(
        `SELECT ${at}, lang, viewers, fallback, original FROM rooms.room_minute_languages WHERE room_id = $1`,
      ),
      q<ReportRows['delays'][number]>(`SELECT ${at}, lang, bucket, samples FROM rooms.room_minute_delays WHERE room_id = $1`),
      q<ReportRows['tokens'][number]>(`SELECT ${at}, task, tokens::float8 AS tokens FROM rooms.room_minute_tokens WHERE room_id = $1`),
      q<{ n: number }>(`SELECT count(*)::int AS n FROM rooms.room_viewers WHERE room_id = $1`),
    ]);
    return { minutes, languages, delays, tokens, unique: unique[0]?.n ?? 0 };
  }

  /**
   * Every room's figures per day (UTC) since `since`: viewer peaks are the most at once over all rooms
   * together in any minute of the day, the rest are sums.
   */
  async all(since: Date): Promise<ReportRows> {
    const q = <T>(sql: string) => this.db.query(sql, [since]) as Promise<T[]>;
    const day = (column: string) => `to_char(date_trunc('day', ${column} AT TIME ZONE 'UTC'), 'YYYY-MM-DD"T"00:00:00.000"Z"')`;
    const [minutes, languages, delays, tokens, unique] = await Promise.all([
      q<ReportRows['minutes'][number]>(
        `SELECT ${day('minute')} AS at, max(peak)::int AS peak, sum(sentences)::int AS sentences
           FROM (SELECT minute, sum(peak_viewers) AS peak, sum(sentences) AS sentences
                   FROM rooms.room_minutes WHERE minute >= $1 GROUP BY minute) m GROUP BY 1`,
      ),
      q<ReportRows['languages'][number]>(
        `SELECT ${day('minute')} AS at, lang, max(viewers)::int AS viewers, sum(fallback)::int AS fallback, sum(original)::int AS original
           FROM (SELECT minute, lang, sum(viewers) AS viewers, sum(fallback) AS fallback, sum(original) AS original
                   FROM rooms.room_minute_languages WHERE minute >= $1 GROUP BY minute, lang) l GROUP BY 1, 2`,
      ),
      q<ReportRows['delays'][number]>(
        `SELECT ${day('minute')} AS at, lang, bucket, sum(samples)::int AS samples
           FROM rooms.room_minute_delays WHERE minute >= $1 GROUP BY 1, 2, 3`,
      ),
      q<ReportRows['tokens'][number]>(
        `SELECT ${day('minute')} AS at, task, sum(tokens)::float8 AS tokens FROM rooms.room_minute_tokens WHERE minute >= $1 GROUP BY 1, 2`,
      ),
      q<{ n: number }>(`SELECT count(*)::int AS n FROM rooms.room_viewers WHERE first_seen >= $1`),
    ]);
    return { minutes, languages, delays, tokens, unique: unique[0]?.n ?? 0 };
  }

  /** The room's delay histograms of its latest minute with captions since `since`. */
  async latestDelays(roomId: string, since: Date): Promise<ReportRows['delays']> {
    return this.db.query(
      `SELECT to_char(minute AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"') AS at, lang, bucket, samples
         FROM rooms.room_minute_delays
        WHERE room_id = $1 AND minute = (SELECT max(minute) FROM rooms.room_minute_delays WHERE room_id = $1 AND minute >= $2)`,
      [roomId, since],
    );
  }
}
