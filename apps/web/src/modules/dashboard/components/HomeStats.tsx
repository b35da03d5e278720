import type { ProfileResponse } from '@lt/contracts';
import { useLocale } from '../../../i18n/useLocale';
import { useDashboardT } from '../../../i18n/useDashboardT';
import { UsageBar } from './UsageBar';

interface HomeStatsProps {
  /** How many rooms the user has in all, and how many of them are active. */
  total: number | undefined;
  active: number | undefined;
  profile: ProfileResponse | null;
}

/** Dashboard home cards: the user's rooms, the active ones among them, tokens used / quota. */
export function HomeStats({ total, active, profile }: HomeStatsProps) {
  const t = useDashboardT();
  const { locale } = useLocale();
  const number = new Intl.NumberFormat(locale);
  const count = (value: number | undefined) => (value === undefined ? '–' : number.format(value));
  return (
    <ul className="stat-grid" aria-label={t('home.stats')}>
      <li className="card stat-card" data-testid="stat-total-rooms">
        <p className="stat-label">{t('home.totalRooms')}</p>
        <p className="stat-value">{count(total)}</p>
      </li>
      <li className="card stat-card" data-testid="stat-active-rooms">
        <p className="stat-label">{t('home.activeRooms')}</p>
        <p className="stat-value">{count(active)}</p>
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
