import { Link } from 'react-router-dom';
import { Icon } from '../components/Icon';
import { Spinner } from '../components/Spinner';
import { useT } from '../i18n/useT';
import { useSocialCallback } from '../modules/auth/hooks/useSocialCallback';

export function AuthCallbackPage() {
  const t = useT();
  const state = useSocialCallback();
  if (state.phase === 'pending') return <Spinner label={t('auth.callback.title')} testId="auth-callback-pending" />;
  return (
    <section className="narrow card center status-card" aria-labelledby="auth-callback-title">
      <span className="status-icon status-icon-error">
        <Icon name="alert" size={26} />
      </span>
      <h1 id="auth-callback-title">{t('auth.callback.failed')}</h1>
      <p className="alert alert-error" role="alert" data-testid="auth-callback-error">
        {state.message}
      </p>
      <Link to="/" className="btn btn-primary" data-testid="auth-callback-home">
        {t('notFound.home')}
      </Link>
    </section>
  );
}
