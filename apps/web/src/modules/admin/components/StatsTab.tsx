import type { AdminRoom, AdminStats, AdminUser } from '@lt/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import type { DashboardKey } from '../../../i18n/dashboard.es';
import { useDashboardT } from '../../../i18n/useDashboardT';
import { AdminAnalytics } from '../../analytics/components/AdminAnalytics';
import { statsFromLists } from '../admin-stats';
import { SystemHealthBlock } from './SystemHealthBlock';

const CARDS: { key: keyof AdminStats; label: DashboardKey }[] = [
  { key: 'total_users', label: 'admin.stats.totalUsers' },
  { key: 'total_rooms', label: 'admin.stats.totalRooms' },
  { key: 'premium_users', label: 'admin.stats.premiumUsers' },
  { key: 'active_rooms', label: 'admin.stats.activeRooms' },
  { key: 'admin_users', label: 'admin.stats.admins' },
  { key: 'total_token_usage', label: 'admin.stats.tokenUsage' },
];

const NUMBER = new Intl.NumberFormat('en-US');

interface StatsTabProps {
  stats: UseQueryResult<AdminStats>;
  users: AdminUser[] | undefined;
  rooms: AdminRoom[] | undefined;
}

export function StatsTab({ stats, users, rooms }: StatsTabProps) {
  const t = useDashboardT();
  const computed = stats.isError && users && rooms ? statsFromLists(users, rooms) : null;
  const shown = stats.data ?? computed;
  return (
    <>
      {computed && (
        <p className="alert alert-info" role="note" data-testid="stats-fallback">
          {t('admin.stats.fallback')}
        </p>
      )}
      <ul className="stat-grid stat-grid-3">
        {CARDS.map((card) => (
          <li key={card.key} className="card stat-card" data-testid={`admin-stat-${card.key}`}>
            <p className="stat-label">{t(card.label)}</p>
            <p className="stat-value">{shown ? NUMBER.format(shown[card.key]) : '–'}</p>
          </li>
        ))}
      </ul>
      <SystemHealthBlock />
      <AdminAnalytics />
    </>
  );
}
