import type { AnalyticsReport } from './analytics.dto';
import { analyticsCsvName, encodeAnalyticsCsv } from './analytics-csv';

const report: AnalyticsReport = {
  room: { id: '5f0c2a8e-4a8d-4c35-9a55-0c6f4f1f3d11', name: '=Keynote, día 1', status: 'ended', created_at: '2026-01-01T10:00:00.000Z' },
  step: 'minute',
  from: '2026-01-01T10:00:00.000Z',
  to: '2026-01-01T10:01:00.000Z',
  totals: {
    peak_viewers: 3,
    unique_viewers: 4,
    sentences: 5,
    tokens: 150,
    tokens_by_task: { translation: 100, summary: 50 },
    fallback: 1,
    original: 2,
    delay: { p50: 600, p95: 1_250 },
    delay_by_language: { fr: { p50: 600, p95: 1_250 } },
    languages: ['fr'],
  },
  points: [
    {
      at: '2026-01-01T10:00:00.000Z',
      viewers: { fr: 3 },
      sentences: 5,
      delay: { fr: { p50: 600, p95: 1_250 } },
      tokens: { translation: 100 },
      fallback: 1,
      original: 2,
    },
    { at: '2026-01-01T10:01:00.000Z', viewers: {}, sentences: 0, delay: {}, tokens: { summary: 50 }, fallback: 0, original: 0 },
  ],
};

describe('encodeAnalyticsCsv', () => {
  it('writes the totals as a table of their own, with a name that cannot run as a formula', () => {
    const lines = encodeAnalyticsCsv(report, 'totals').split('\r\n');
    expect(lines[0]).toBe('\uFEFFmetric,value');
    expect(lines[1]).toBe(`room,"'=Keynote, día 1"`);
    expect(lines).toEqual(
      expect.arrayContaining(['peak_viewers,3', 'unique_viewers,4', 'tokens_summary,50', 'tokens_speech,0', 'delay_p95_ms,1250']),
    );
    expect(lines.filter((line) => line === '')).toEqual(['']);
    expect(lines.at(-1)).toBe('');
  });

  it('writes one row per minute as a table of its own', () => {
    expect(encodeAnalyticsCsv(report).split('\r\n')).toEqual([
      '\uFEFFminute,viewers,viewers_fr,sentences,delay_p50_ms_fr,delay_p95_ms_fr,tokens_translation,tokens_interim,tokens_enhancement,tokens_summary,tokens_speech,tokens_recognition,fallback,original',
      '2026-01-01T10:00:00.000Z,3,3,5,600,1250,100,0,0,0,0,0,1,2',
      '2026-01-01T10:01:00.000Z,0,0,0,,,0,0,0,50,0,0,0,0',
      '',
    ]);
  });

  it('names the file after the room and the day', () => {
    const day = new Date('2026-02-03T12:00:00Z');
    expect(analyticsCsvName(report, 'steps', day)).toBe('analytics-Keynote-día-1-2026-02-03.csv');
    expect(analyticsCsvName(report, 'totals', day)).toBe('analytics-Keynote-día-1-totals-2026-02-03.csv');
    expect(analyticsCsvName({ ...report, room: null }, 'steps', day)).toBe('analytics-all-rooms-2026-02-03.csv');
  });
});
