import {
  ANALYTICS_TASKS,
  CAPTION_DELAY_BUCKETS_MS,
  type AnalyticsPoint,
  type AnalyticsTask,
  type AnalyticsTotals,
  type CaptionDelay,
  type LanguageCode,
} from '@lt/contracts';

/** The analytics rows of a room (per minute) or of every room (per day), as read. */
export interface ReportRows {
  minutes: { at: string; peak: number; sentences: number }[];
  languages: { at: string; lang: string; viewers: number; fallback: number; original: number }[];
  delays: { at: string; lang: string; bucket: number; samples: number }[];
  tokens: { at: string; task: string; tokens: number }[];
  unique: number;
}

const STEP_MS = { minute: 60_000, day: 86_400_000 } as const;
/** A span with more steps than this is drawn from its rows alone, without the empty steps between them. */
const MAX_FILLED_STEPS = 1_440;

/** The delay below which a share `q` of the captions came: the upper bound of the bucket it falls in. */
export function delayPercentile(histogram: readonly number[], q: number): number | null {
  const total = histogram.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(q * total));
  let seen = 0;
  for (let bucket = 0; bucket < histogram.length; bucket++) {
    seen += histogram[bucket] ?? 0;
    if (seen >= rank) return CAPTION_DELAY_BUCKETS_MS[Math.min(bucket, CAPTION_DELAY_BUCKETS_MS.length - 1)];
  }
  return null;
}

const delayOf = (histogram: readonly number[]): CaptionDelay => ({
  p50: delayPercentile(histogram, 0.5),
  p95: delayPercentile(histogram, 0.95),
});

function addTo(histograms: Map<string, number[]>, key: string, bucket: number, samples: number): void {
  let h = histograms.get(key);
  if (!h) histograms.set(key, (h = new Array<number>(CAPTION_DELAY_BUCKETS_MS.length + 1).fill(0)));
  h[bucket] = (h[bucket] ?? 0) + samples;
}

const emptyPoint = (at: string): AnalyticsPoint => ({ at, viewers: {}, sentences: 0, delay: {}, tokens: {}, fallback: 0, original: 0 });

/** Caption delay per language from delay rows. */
export function delaysByLanguage(rows: ReportRows['delays']): Partial<Record<LanguageCode, CaptionDelay>> {
  const histograms = new Map<string, number[]>();
  for (const d of rows) addTo(histograms, d.lang, d.bucket, d.samples);
  return Object.fromEntries([...histograms].map(([lang, h]) => [lang, delayOf(h)]));
}

/** The points of the charts (every step from the first to the last, empty ones included) and the totals. */
export function buildReport(rows: ReportRows, step: 'minute' | 'day'): { points: AnalyticsPoint[]; totals: AnalyticsTotals } {
  const points = new Map<string, AnalyticsPoint>();
  const point = (at: string) => {
    let p = points.get(at);
    if (!p) points.set(at, (p = emptyPoint(at)));
    return p;
  };
  let peak = 0;
  let sentences = 0;
  let fallback = 0;
  let original = 0;
  const tokensByTask: Partial<Record<AnalyticsTask, number>> = {};
  const languages = new Set<string>();
  for (const m of rows.minutes) {
    const p = point(m.at);
    p.sentences += m.sentences;
    sentences += m.sentences;
    peak = Math.max(peak, m.peak);
  }
  for (const l of rows.languages) {
    const p = point(l.at);
    if (l.viewers > 0) p.viewers[l.lang as LanguageCode] = l.viewers;
    p.fallback += l.fallback;
    p.original += l.original;
    fallback += l.fallback;
    original += l.original;
    if (l.viewers > 0) languages.add(l.lang);
  }
  const all = new Map<string, number[]>();
  const perPoint = new Map<string, number[]>();
  for (const d of rows.delays) {
    point(d.at);
    addTo(all, '', d.bucket, d.samples);
    addTo(perPoint, `${d.at}|${d.lang}`, d.bucket, d.samples);
    languages.add(d.lang);
  }
  for (const [key, h] of perPoint) {
    const [at, lang] = key.split('|');
    point(at).delay[lang as LanguageCode] = delayOf(h);
  }
  for (const t of rows.tokens) {
    const task = t.task as AnalyticsTask;
    if (!ANALYTICS_TASKS.includes(task)) continue;
    const p = point(t.at);
    p.tokens[task] = (p.tokens[task] ?? 0) + Number(t.tokens);
    tokensByTask[task] = (tokensByTask[task] ?? 0) + Number(t.tokens);
  }
  return {
    points: filled(
      [...points.values()].sort((a, b) => a.at.localeCompare(b.at)),
      STEP_MS[step],
    ),
    totals: {
      peak_viewers: peak,
      unique_viewers: rows.unique,
      sentences,
      tokens: Object.values(tokensByTask).reduce((a, b) => a + (b ?? 0), 0),
      tokens_by_task: tokensByTask,
      fallback,
      original,
      delay: delayOf(all.get('') ?? []),
      delay_by_language: delaysByLanguage(rows.delays),
      languages: [...languages].sort() as LanguageCode[],
    },
  };
}

/** The steps between the first point and the last, empty ones included, so that the charts' time axis is even. */
function filled(points: AnalyticsPoint[], stepMs: number): AnalyticsPoint[] {
  if (points.length < 2) return points;
  const first = Date.parse(points[0].at);
  const steps = Math.round((Date.parse(points[points.length - 1].at) - first) / stepMs);
  if (steps > MAX_FILLED_STEPS) return points;
  const byAt = new Map(points.map((p) => [p.at, p]));
  return Array.from({ length: steps + 1 }, (_, i) => {
    const at = new Date(first + i * stepMs).toISOString();
    return byAt.get(at) ?? emptyPoint(at);
  });
}
