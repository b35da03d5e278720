import type { ProfileResponse } from '@lt/contracts';
import { useLocale } from '../../../i18n/useLocale';
import { useT } from '../../../i18n/useT';
import { UsageBar } from './UsageBar';

export function ProfileSummary({ profile }: { profile: ProfileResponse }) {
  const t = useT();
  const { locale } = useLocale();
  const number = new Intl.NumberFormat(locale);
  return (
    <ul className="stat-grid">
      <li className="card stat-card" data-testid="profile-plan">
        <p className="stat-label">{t('dashboard.plan')}</p>
        <p className="stat-value">{t(profile.plan_type === 'premium' ? 'dashboard.plan.premium' : 'dashboard.plan.free')}</p>
      </li>
      <li className="card stat-card" data-testid="profile-role">
        <p className="stat-label">{t('dashboard.role')}</p>
        <p className="stat-value">{t(profile.role === 'admin' ? 'dashboard.role.admin' : 'dashboard.role.user')}</p>
      </li>
      <li className="card stat-card" data-testid="profile-tokens">
        <p className="stat-label">{t('dashboard.tokens')}</p>
        <p className="stat-value">
          {t('dashboard.tokensOf', { used: number.format(profile.tokens_used), quota: number.format(profile.token_quota) })}
        </p>
        <UsageBar used={profile.tokens_used} quota={profile.token_quota} label={t('dashboard.tokensBar')} />
      </li>
    </ul>
  );
}
