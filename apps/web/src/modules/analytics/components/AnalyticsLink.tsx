import { Link } from 'react-router-dom';
import { Icon } from '../../../components/Icon';
import { useAnalyticsT } from '../../../i18n/useAnalyticsT';

/** The way to a room's analytics from a dashboard list. */
export function AnalyticsLink({ roomId, name, from }: { roomId: string; name: string; from: 'active' | 'history' }) {
  const t = useAnalyticsT();
  return (
    <Link
      to={`/dashboard/analytics/${roomId}?from=${from}`}
      className="btn btn-ghost btn-sm"
      aria-label={t('analytics.openLabel', { name })}
      data-testid="open-analytics"
    >
      <Icon name="chart" size={14} />
      {t('analytics.open')}
    </Link>
  );
}
