import { CAPTION_DELAY_BUCKETS_MS, captionDelayBucket } from '@lt/contracts';
import { buildReport, delayPercentile, type ReportRows } from './analytics-report';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 10, minute)).toISOString();
const empty: ReportRows = { minutes: [], languages: [], delays: [], tokens: [], unique: 0 };

describe('delayPercentile', () => {
  it('answers the upper bound of the bucket the rank falls in, null without samples', () => {
    const histogram = new Array<number>(CAPTION_DELAY_BUCKETS_MS.length + 1).fill(0);
    histogram[captionDelayBucket(450)] = 9; // 500 ms bucket
    histogram[captionDelayBucket(2_100)] = 1; // 2500 ms bucket
    expect(delayPercentile(histogram, 0.5)).toBe(500);
    expect(delayPercentile(histogram, 0.95)).toBe(2_500);
    expect(delayPercentile([], 0.5)).toBeNull();
    // Past the last bound: the last bound.
    expect(delayPercentile([...new Array<number>(CAPTION_DELAY_BUCKETS_MS.length).fill(0), 3], 0.5)).toBe(30_000);
  });
});

describe('buildReport', () => {
  it('adds the minutes up into totals and fills the empty minutes between the first and the last', () => {
    const rows: ReportRows = {
      minutes: [
        { at: at(0), peak: 3, sentences: 4 },
        { at: at(3), peak: 5, sentences: 2 },
      ],
      languages: [
        { at: at(0), lang: 'fr', viewers: 2, fallback: 1, original: 0 },
        { at: at(0), lang: 'de', viewers: 1, fallback: 0, original: 2 },
        { at: at(3), lang: 'fr', viewers: 5, fallback: 0, original: 0 },
      ],
      delays: [
        { at: at(0), lang: 'fr', bucket: captionDelayBucket(700), samples: 4 },
        { at: at(3), lang: 'fr', bucket: captionDelayBucket(1_400), samples: 2 },
      ],
      tokens: [
        { at: at(0), task: 'translation', tokens: 100 },
        { at: at(3), task: 'summary', tokens: 40 },
        { at: at(3), task: 'unknown', tokens: 999 },
      ],
      unique: 7,
    };
    const { points, totals } = buildReport(rows, 'minute');
    expect(points.map((p) => p.at)).toEqual([at(0), at(1), at(2), at(3)]);
    expect(points[1]).toEqual({ at: at(1), viewers: {}, sentences: 0, delay: {}, tokens: {}, fallback: 0, original: 0 });
    expect(points[0]).toMatchObject({
      viewers: { fr: 2, de: 1 },
      sentences: 4,
      fallback: 1,
      original: 2,
      delay: { fr: { p50: 700, p95: 700 } },
    });
    expect(totals).toEqual({
      peak_viewers: 5,
      unique_viewers: 7,
      sentences: 6,
      tokens: 140,
      tokens_by_task: { translation: 100, summary: 40 },
      fallback: 1,
      original: 2,
      delay: { p50: 700, p95: 1_500 },
      delay_by_language: { fr: { p50: 700, p95: 1_500 } },
      languages: ['de', 'fr'],
    });
  });

  it('answers an empty report for a room nothing happened in', () => {
    const { points, totals } = buildReport(empty, 'day');
    expect(points).toEqual([]);
    expect(totals).toMatchObject({ peak_viewers: 0, sentences: 0, tokens: 0, delay: { p50: null, p95: null }, languages: [] });
  });
});
