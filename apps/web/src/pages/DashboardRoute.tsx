import { Suspense } from 'react';
import { Navigate } from 'react-router-dom';
import { Spinner } from '../components/Spinner';
import { useT } from '../i18n/useT';
import { useAuth } from '../modules/auth/hooks/useAuth';
import { DashboardPage } from './lazy-pages';

/**
 * 'Loading dashboard...' while authentication loads, `/` without a session. The dashboard's code
 * is its own chunk, fetched only past this point, so viewers never download it.
 */
export function DashboardRoute() {
  const t = useT();
  const { status } = useAuth();
  const loading = <Spinner label={t('dashboard.loading')} testId="dashboard-loading" />;
  if (status === 'loading') return loading;
  if (status === 'anonymous') return <Navigate to="/" replace />;
  return (
    <Suspense fallback={loading}>
      <DashboardPage />
    </Suspense>
  );
}
