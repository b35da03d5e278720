import { useAnalyticsT } from '../../../i18n/useAnalyticsT';
import { useAnalyticsReport } from '../hooks/useAnalytics';
import { AnalyticsReportView } from './AnalyticsReportView';

/** The admin panel's statistics over every room, day by day for the last 30 days, on the room page's components. */
export function AdminAnalytics() {
  const t = useAnalyticsT();
  const report = useAnalyticsReport(null);
  return (
    <section className="admin-analytics" aria-labelledby="admin-analytics-title" data-testid="admin-analytics">
      <h2 id="admin-analytics-title">{t('analytics.admin.title')}</h2>
      <p className="muted">{t('analytics.admin.subtitle')}</p>
      <AnalyticsReportView report={report} roomId={null} />
    </section>
  );
}
