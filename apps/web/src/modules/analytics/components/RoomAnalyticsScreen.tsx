import { Link } from 'react-router-dom';
import { useAnalyticsT } from '../../../i18n/useAnalyticsT';
import { useAnalyticsReport } from '../hooks/useAnalytics';
import { AnalyticsReportView } from './AnalyticsReportView';

/** A room's analytics page in the dashboard: its owner's only (anyone else's room answers 404). */
export function RoomAnalyticsScreen({ roomId, back }: { roomId: string; back: string }) {
  const t = useAnalyticsT();
  const report = useAnalyticsReport(roomId);
  const name = report.data?.room?.name ?? roomId.slice(0, 8);
  return (
    <div className="analytics-page">
      <header className="page-header page-header-row">
        <div>
          <h1>{t('analytics.title', { name })}</h1>
          <p className="muted">{t('analytics.subtitle')}</p>
        </div>
        <Link to={back} className="btn btn-ghost btn-sm" data-testid="analytics-back">
          {t('analytics.back')}
        </Link>
      </header>
      <AnalyticsReportView report={report} roomId={roomId} />
    </div>
  );
}
