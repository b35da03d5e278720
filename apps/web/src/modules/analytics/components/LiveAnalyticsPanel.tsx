import type { CaptionDelay, LanguageCode } from '@lt/contracts';
import { useAnalyticsT } from '../../../i18n/useAnalyticsT';
import '../../../styles/live-analytics.css';
import { useLocale } from '../../../i18n/useLocale';
import { languageLabel } from '../analytics-series';
import { useLiveAnalytics } from '../hooks/useLiveAnalytics';

/** The host page's panel while live: viewers now per language, and each language's caption delay now. */
export function LiveAnalyticsPanel({ roomId, hostKey, live }: { roomId: string; hostKey: string | null; live: boolean }) {
  const t = useAnalyticsT();
  const { locale } = useLocale();
  const query = useLiveAnalytics(roomId, hostKey, live);
  if (!live) return null;
  const number = new Intl.NumberFormat(locale);
  const data = query.data;
  const langs = data
    ? ([...new Set([...Object.keys(data.viewers), ...Object.keys(data.delay)])] as LanguageCode[]).sort(
        (a, b) => (data.viewers[b] ?? 0) - (data.viewers[a] ?? 0) || a.localeCompare(b),
      )
    : [];
  const delay = (d: CaptionDelay | undefined) =>
    d?.p50 == null ? t('analytics.none') : t('analytics.ms', { value: number.format(d.p50) });
  return (
    <section className="card live-analytics" aria-labelledby="live-analytics-title" data-testid="live-analytics">
      <h2 id="live-analytics-title" className="live-analytics-title">
        {t('analytics.live.title')}
        {data && <span className="live-analytics-total">{t('analytics.live.viewers', { count: data.total })}</span>}
      </h2>
      {query.isError && <p className="muted">{t('analytics.live.failed')}</p>}
      {data && langs.length === 0 && <p className="muted">{t('analytics.live.noViewers')}</p>}
      {langs.length > 0 && (
        <table className="live-analytics-table">
          <caption className="visually-hidden">{t('analytics.live.byLanguage')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('analytics.col.language')}</th>
              <th scope="col">{t('analytics.col.total')}</th>
              <th scope="col">{t('analytics.live.delay')}</th>
            </tr>
          </thead>
          <tbody>
            {langs.map((lang) => (
              <tr key={lang} data-testid="live-analytics-row" data-lang={lang}>
                <th scope="row">{languageLabel(lang)}</th>
                <td>{number.format(data?.viewers[lang] ?? 0)}</td>
                <td>{delay(data?.delay[lang])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {data && data.delay_at === null && langs.length > 0 && <p className="muted live-analytics-note">{t('analytics.live.noDelay')}</p>}
    </section>
  );
}
