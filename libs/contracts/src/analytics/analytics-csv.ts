import { z } from 'zod';
import { asSpreadsheetText as asText, encodeCsv } from '../csv/spreadsheet-csv';
import { ANALYTICS_TASKS, type AnalyticsReport } from './analytics.dto';

/** A report's two tables, each a file of its own (a spreadsheet reads one table per file). */
export const ANALYTICS_CSV_TABLES = ['steps', 'totals'] as const;
export type AnalyticsCsvTable = (typeof ANALYTICS_CSV_TABLES)[number];
export const analyticsCsvQuerySchema = z.object({
  table: z.enum(ANALYTICS_CSV_TABLES).default('steps').meta({
    description: '`steps`: one row per minute (per day over all rooms); `totals`: `metric,value` rows of the room and its totals',
  }),
});
export type AnalyticsCsvQuery = z.infer<typeof analyticsCsvQuerySchema>;

const ms = (value: number | null) => (value === null ? '' : String(value));

/**
 * One table of a report as a CSV file (UTF-8 with BOM, CRLF): `totals`, `metric,value` rows with the room and its
 * totals; `steps`, one row per minute (per day over all rooms) with viewers, delay p50/p95 per language and tokens per task.
 */
export function encodeAnalyticsCsv(report: AnalyticsReport, table: AnalyticsCsvTable = 'steps'): string {
  const { totals } = report;
  const langs = totals.languages;
  const head: string[][] = [['metric', 'value']];
  if (report.room) head.push(['room', asText(report.room.name)], ['room_id', report.room.id]);
  head.push(
    ['from', report.from ?? ''],
    ['to', report.to ?? ''],
    ['peak_viewers', String(totals.peak_viewers)],
    ['unique_viewers', String(totals.unique_viewers)],
    ['sentences', String(totals.sentences)],
    ['tokens', String(totals.tokens)],
    ...ANALYTICS_TASKS.map((task) => [`tokens_${task}`, String(totals.tokens_by_task[task] ?? 0)]),
    ['fallback', String(totals.fallback)],
    ['original', String(totals.original)],
    ['delay_p50_ms', ms(totals.delay.p50)],
    ['delay_p95_ms', ms(totals.delay.p95)],
  );
  const columns = [
    report.step,
    'viewers',
    ...langs.map((l) => `viewers_${l}`),
    'sentences',
    ...langs.flatMap((l) => [`delay_p50_ms_${l}`, `delay_p95_ms_${l}`]),
    ...ANALYTICS_TASKS.map((task) => `tokens_${task}`),
    'fallback',
    'original',
  ];
  const rows = report.points.map((p) => [
    p.at,
    String(Object.values(p.viewers).reduce((a, b) => a + b, 0)),
    ...langs.map((l) => String(p.viewers[l] ?? 0)),
    String(p.sentences),
    ...langs.flatMap((l) => [ms(p.delay[l]?.p50 ?? null), ms(p.delay[l]?.p95 ?? null)]),
    ...ANALYTICS_TASKS.map((task) => String(p.tokens[task] ?? 0)),
    String(p.fallback),
    String(p.original),
  ]);
  return encodeCsv(table === 'totals' ? head : [columns, ...rows]);
}

/**
 * The file name of a report's table: `analytics-{room name}-{YYYY-MM-DD}.csv` (its steps) or
 * `analytics-{room name}-totals-{YYYY-MM-DD}.csv`, `analytics-all-rooms-…` for all.
 */
export function analyticsCsvName(report: AnalyticsReport, table: AnalyticsCsvTable = 'steps', today = new Date()): string {
  const day = today.toISOString().slice(0, 10);
  const name = report.room ? report.room.name.replace(/[^\p{L}\p{N}_-]+/gu, '-').replace(/^-+|-+$/g, '') || 'room' : 'all-rooms';
  return `analytics-${name}${table === 'totals' ? '-totals' : ''}-${day}.csv`;
}
