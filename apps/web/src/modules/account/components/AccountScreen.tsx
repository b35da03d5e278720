import { Spinner } from '../../../components/Spinner';
import { useDashboardT } from '../../../i18n/useDashboardT';
import { useAuth } from '../../auth/hooks/useAuth';
import { DangerZone } from './DangerZone';
import { PersonalInfo } from './PersonalInfo';
import { PlanUsage } from './PlanUsage';
import { DataArchive } from '../../retention/components/DataArchive';

export function AccountScreen() {
  const t = useDashboardT();
  const { profile, profileLoading, user } = useAuth();
  return (
    <div className="account-page">
      <header className="page-header">
        <h1>{t('account.title')}</h1>
        <p className="muted">{t('account.subtitle')}</p>
      </header>
      {profileLoading && !profile ? (
        <Spinner label={t('dashboard.profileLoading')} />
      ) : (
        <>
          {!profile && (
            <p className="alert alert-error" role="alert" data-testid="profile-unavailable">
              {t('dashboard.profileUnavailable')}
            </p>
          )}
          <PersonalInfo name={profile?.name ?? ''} email={profile?.email ?? user?.email ?? ''} />
          {profile && <PlanUsage profile={profile} />}
          <DataArchive />
          <DangerZone />
        </>
      )}
    </div>
  );
}
