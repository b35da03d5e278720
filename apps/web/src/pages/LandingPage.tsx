import { Navigate } from 'react-router-dom';
import { Spinner } from '../components/Spinner';
import { useT } from '../i18n/useT';
import { useAuth } from '../modules/auth/hooks/useAuth';
import { useConfirmationLink } from '../modules/auth/hooks/useConfirmationLink';
import { useAccountDeleted } from '../modules/account/hooks/useAccountDeleted';
import { FeatureCards } from '../modules/landing/components/FeatureCards';
import { CreateRoomForm } from '../modules/rooms/components/CreateRoomForm';

export function LandingPage() {
  const t = useT();
  const { status, user, profileLoading } = useAuth();
  const confirming = useConfirmationLink();
  const accountDeleted = useAccountDeleted();
  if (confirming || status === 'loading' || (user && profileLoading)) return <Spinner label={t('auth.loading')} testId="landing-loading" />;
  if (user) return <Navigate to="/dashboard" replace />;
  return (
    <div className="landing">
      {accountDeleted && (
        <p className="alert alert-info" role="status" data-testid="account-deleted">
          {t('landing.accountDeleted')}
        </p>
      )}
      <section className="hero" aria-labelledby="landing-title">
        <h1 id="landing-title">{t('landing.title')}</h1>
        <p className="tagline">{t('landing.tagline')}</p>
        <CreateRoomForm />
        <p className="credit">{t('landing.credit')}</p>
      </section>
      <FeatureCards />
    </div>
  );
}
