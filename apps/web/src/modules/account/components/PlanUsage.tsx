import type { ProfileResponse } from '@lt/contracts';
import { useId } from 'react';
import { useLocale } from '../../../i18n/useLocale';
import { useDashboardT } from '../../../i18n/useDashboardT';
import { UsageBar } from '../../dashboard/components/UsageBar';

export function PlanUsage({ profile }: { profile: ProfileResponse }) {
  const t = useDashboardT();
  const id = useId();
  const { locale } = useLocale();
  const number = new Intl.NumberFormat(locale);
  return (
    <section className="card account-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('account.planUsage')}</h2>
      <dl className="facts">
        <div>
          <dt>{t('dashboard.plan')}</dt>
          <dd data-testid="profile-plan">{t(profile.plan_type === 'premium' ? 'dashboard.plan.premium' : 'dashboard.plan.free')}</dd>
        </div>
        <div>
          <dt>{t('dashboard.role')}</dt>
          <dd data-testid="profile-role">{t(profile.role === 'admin' ? 'dashboard.role.admin' : 'dashboard.role.user')}</dd>
        </div>
        <div className="facts-wide">
          <dt>{t('account.tokens')}</dt>
          <dd data-testid="account-tokens">
            {t('account.tokensOf', { used: number.format(profile.tokens_used), quota: number.format(profile.token_quota) })}
            <UsageBar used={profile.tokens_used} quota={profile.token_quota} label={t('dashboard.tokensBar')} />
          </dd>
        </div>
      </dl>
    </section>
  );
}
