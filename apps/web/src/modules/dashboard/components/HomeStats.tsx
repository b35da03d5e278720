import type { ProfileResponse, RoomResponse } from '@lt/contracts';
import { useLocale } from '../../../i18n/useLocale';
import { useDashboardT } from '../../../i18n/useDashboardT';
import { UsageBar } from './UsageBar';

/** Dashboard home cards: total rooms (of the latest five), active rooms among them, tokens used / quota. */
export function HomeStats({ rooms, profile }: { rooms: RoomResponse[] | undefined; profile: ProfileResponse | null }) {
  const t = useDashboardT();
  const { locale } = useLocale();
  const number = new Intl.NumberFormat(locale);
  const count = (value: number | undefined) => (value === undefined ? '–' : number.format(value));
  return (
    <ul className="stat-grid" aria-label={t('home.stats')}>
      <li className="card stat-card" data-testid="stat-total-rooms">
        <p className="stat-label">{t('home.totalRooms')}</p>
        <p className="stat-value">{count(rooms?.length)}</p>
        <p className="stat-hint muted">{t('home.totalRoomsHint')}</p>
      </li>
      <li className="card stat-card" data-testid="stat-active-rooms">
        <p className="stat-label">{t('home.activeRooms')}</p>
        <p className="stat-value">{count(rooms?.filter((room) => room.status === 'active').length)}</p>
      </li>
      <li className="card stat-card" data-testid="profile-tokens">
        <p className="stat-label">{t('home.tokens')}</p>
        <p className="stat-value">
          {profile ? t('dashboard.tokensOf', { used: number.format(profile.tokens_used), quota: number.format(profile.token_quota) }) : '–'}
        </p>
        {profile && <UsageBar used={profile.tokens_used} quota={profile.token_quota} label={t('dashboard.tokensBar')} />}
      </li>
    </ul>
  );
}
