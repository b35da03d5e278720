import type { AnalyticsReport, AnalyticsTotals } from '@lt/contracts';
import type { AnalyticsKey } from '../../../i18n/analytics.es';
import { useAnalyticsT } from '../../../i18n/useAnalyticsT';
import { useLocale } from '../../../i18n/useLocale';
import '../../../styles/stats.css';

/** A report's figures as cards; an ended room's also say what it spent after its end and what its owner allows. */
export function AnalyticsCards({ totals, ended }: { totals: AnalyticsTotals; ended?: AnalyticsReport['ended'] }) {
  const t = useAnalyticsT();
  const { locale } = useLocale();
  const number = new Intl.NumberFormat(locale);
  const ms = (value: number | null) => (value === null ? t('analytics.none') : t('analytics.ms', { value: number.format(value) }));
  const cards: { id: string; label: AnalyticsKey; value: string }[] = [
    { id: 'peak', label: 'analytics.card.peak', value: number.format(totals.peak_viewers) },
    { id: 'unique', label: 'analytics.card.unique', value: number.format(totals.unique_viewers) },
    { id: 'sentences', label: 'analytics.card.sentences', value: number.format(totals.sentences) },
    {
      id: 'delay',
      label: 'analytics.card.delay',
      value: totals.delay.p50 === null ? t('analytics.none') : `${number.format(totals.delay.p50)} / ${ms(totals.delay.p95)}`,
    },
    { id: 'tokens', label: 'analytics.card.tokens', value: number.format(totals.tokens) },
    { id: 'fallback', label: 'analytics.card.fallback', value: `${number.format(totals.fallback)} / ${number.format(totals.original)}` },
  ];
  if (ended)
    cards.push({
      id: 'after-end',
      label: 'analytics.card.afterEnd',
      value: `${number.format(ended.spent)} / ${number.format(ended.allowance)}`,
    });
  return (
    <ul className="stat-grid stat-grid-3 analytics-cards" aria-label={t('analytics.cards')}>
      {cards.map((card) => (
        <li key={card.id} className="card stat-card" data-testid={`analytics-card-${card.id}`}>
          <p className="stat-label">{t(card.label)}</p>
          <p className="stat-value">{card.value}</p>
        </li>
      ))}
    </ul>
  );
}
