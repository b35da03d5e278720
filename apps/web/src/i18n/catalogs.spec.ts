import { analyticsEn } from './analytics.en';
import { analyticsEs } from './analytics.es';
import { dashboardEn } from './dashboard.en';
import { dashboardEs } from './dashboard.es';
import { en } from './en';
import { es } from './es';
import { glossaryEn } from './glossary.en';
import { glossaryEs } from './glossary.es';
import { questionsEn } from './questions.en';
import { questionsEs } from './questions.es';
import { roomEn } from './room.en';
import { roomEs } from './room.es';
import { retentionEn } from './retention.en';
import { retentionEs } from './retention.es';

const PAIRS: [string, Record<string, string>, Record<string, string>][] = [
  ['app', es, en],
  ['room', roomEs, roomEn],
  ['dashboard', dashboardEs, dashboardEn],
  ['glossary', glossaryEs, glossaryEn],
  ['retention', retentionEs, retentionEn],
  ['questions', questionsEs, questionsEn],
  ['analytics', analyticsEs, analyticsEn],
];

/**
 * Texts that read the same in English and Spanish: names, codes, numbers and placeholders. Any other text that
 * is equal in both catalogs is one language showing through the other.
 */
const SAME_IN_BOTH = new Set([
  'app.name',
  'landing.title',
  'locale.es',
  'locale.en',
  'host.entry.acked',
  'audio.levelText',
  'viewer.original',
  'viewer.captionSize.normal',
  'auth.error.socialWithReason',
  'dashboard.plan',
  'dashboard.plan.premium',
  'dashboard.tokensOf',
  'dashboard.minutes',
  'account.tokens',
  'admin.colPlan',
  'admin.plan.premium',
  'admin.usage',
  'admin.colId',
  'glossary.csv.field',
  'analytics.ms',
  'analytics.none',
  'analytics.col.p50',
  'analytics.col.p95',
  'feed.db',
]);

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe.each(PAIRS)('the %s catalogs', (_name, spanish, english) => {
  it('have the same keys in English and Spanish', () => {
    expect(Object.keys(english).sort()).toEqual(Object.keys(spanish).sort());
  });

  it('have a text for every key, with the same placeholders in both languages', () => {
    for (const key of Object.keys(spanish)) {
      expect({ key, es: spanish[key].trim().length > 0, en: english[key]?.trim().length > 0 }).toEqual({ key, es: true, en: true });
      expect({ key, placeholders: placeholders(english[key] ?? '') }).toEqual({ key, placeholders: placeholders(spanish[key]) });
    }
  });

  it('are each in one language: no text is left untranslated', () => {
    const same = Object.keys(spanish).filter((key) => spanish[key] === english[key] && !SAME_IN_BOTH.has(key));
    expect(same).toEqual([]);
  });
});

describe('the catalogs together', () => {
  it('never define a key twice across chunks (a chunk key would hide the app one)', () => {
    const appKeys = new Set(Object.keys(es));
    const chunkKeys = [roomEs, dashboardEs, glossaryEs, retentionEs].flatMap((catalog) => Object.keys(catalog));
    expect(chunkKeys.filter((key) => appKeys.has(key))).toEqual([]);
  });

  it('write no Spanish into the English catalogs', () => {
    const spanish = /[áéíóúñ¿¡]/i;
    const found = [en, roomEn, dashboardEn, glossaryEn, retentionEn, analyticsEn]
      .flatMap((catalog) => Object.entries(catalog))
      .filter(([key, text]) => key !== 'locale.es' && spanish.test(text));
    expect(found).toEqual([]);
  });
});
