import { Icon } from '../../../components/Icon';
import { Spinner } from '../../../components/Spinner';
import { useT } from '../../../i18n/useT';
import { errorText } from '../../../lib/error-text';
import { useAuth } from '../../auth/hooks/useAuth';
import { useCreateRoom } from '../../rooms/hooks/useCreateRoom';
import { ProfileSummary } from './ProfileSummary';

export function DashboardHome() {
  const t = useT();
  const { profile, profileLoading } = useAuth();
  const createRoom = useCreateRoom();

  return (
    <div className="dashboard-home">
      <header className="page-header">
        <h1>{t('dashboard.home.title')}</h1>
        <p className="muted">{t('dashboard.home.subtitle')}</p>
      </header>
      {profileLoading ? (
        <Spinner label={t('dashboard.profileLoading')} />
      ) : profile ? (
        <ProfileSummary profile={profile} />
      ) : (
        <p className="alert alert-warning" role="alert" data-testid="profile-unavailable">
          {t('dashboard.profileUnavailable')}
        </p>
      )}
      <section className="card quick-actions" aria-labelledby="quick-actions-title">
        <h2 id="quick-actions-title">{t('dashboard.quickActions')}</h2>
        <p className="muted">{t('dashboard.quickCreateHint')}</p>
        <button
          type="button"
          className="btn btn-primary"
          disabled={createRoom.isPending}
          data-testid="quick-create-room"
          onClick={() => createRoom.mutate(undefined)}
        >
          <Icon name="plus" size={18} />
          {createRoom.isPending ? t('dashboard.creating') : t('dashboard.quickCreate')}
        </button>
        {createRoom.isError && (
          <p className="alert alert-error" role="alert">
            {errorText(createRoom.error, t)}
          </p>
        )}
      </section>
    </div>
  );
}
