import { ANALYTICS_TASKS, findLanguage, type AnalyticsReport, type AnalyticsTask } from '@lt/contracts';

/** One row of a chart and of its table: the step's label, then a value per series key. */
export type SeriesRow = { at: string; label: string } & Record<string, number | string | null>;

export interface Series {
  keys: string[];
  rows: SeriesRow[];
}

/** Distinct colours, readable on light and dark surfaces, one per language or task in order. */
export const SERIES_COLORS = ['#4f46e5', '#0891b2', '#d97706', '#db2777', '#16a34a', '#7c3aed', '#dc2626', '#0d9488', '#65a30d', '#9333ea'];

export const colorOf = (index: number) => SERIES_COLORS[index % SERIES_COLORS.length];

/** Labels a step as the reader's clock shows it: the minute's time, or the day. */
export function stepLabel(at: string, step: AnalyticsReport['step'], locale: string): string {
  const date = new Date(at);
  return step === 'minute'
    ? date.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' })
    : date.toLocaleDateString(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
}

export const languageLabel = (code: string) => findLanguage(code)?.name ?? code;

/** Viewers per language at each step (stacked). */
export function viewerSeries(report: AnalyticsReport, locale: string): Series {
  const keys = report.totals.languages.filter((lang) => report.points.some((p) => (p.viewers[lang as keyof typeof p.viewers] ?? 0) > 0));
  const rows = report.points.map((p) => ({
    at: p.at,
    label: stepLabel(p.at, report.step, locale),
    ...Object.fromEntries(keys.map((lang) => [lang, p.viewers[lang as keyof typeof p.viewers] ?? 0])),
  }));
  return { keys, rows };
}

/** The caption delay's median per language at each step; null where a language had no caption. */
export function delaySeries(report: AnalyticsReport, locale: string): Series {
  const keys = report.totals.languages.filter(
    (lang) => report.totals.delay_by_language[lang as keyof typeof report.totals.delay_by_language],
  );
  const rows = report.points.map((p) => ({
    at: p.at,
    label: stepLabel(p.at, report.step, locale),
    ...Object.fromEntries(keys.map((lang) => [lang, p.delay[lang as keyof typeof p.delay]?.p50 ?? null])),
  }));
  return { keys, rows };
}

/** Tokens per task at each step (stacked), tasks that spent nothing left out. */
export function tokenSeries(report: AnalyticsReport, locale: string): Series {
  const keys: AnalyticsTask[] = ANALYTICS_TASKS.filter((task) => (report.totals.tokens_by_task[task] ?? 0) > 0);
  const rows = report.points.map((p) => ({
    at: p.at,
    label: stepLabel(p.at, report.step, locale),
    ...Object.fromEntries(keys.map((task) => [task, p.tokens[task] ?? 0])),
  }));
  return { keys, rows };
}
