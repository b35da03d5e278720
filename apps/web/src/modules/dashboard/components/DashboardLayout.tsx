import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Brand } from '../../../components/Brand';
import { Spinner } from '../../../components/Spinner';
import { useDashboardT } from '../../../i18n/useDashboardT';
import { useAuth } from '../../auth/hooks/useAuth';
import { AccountMenu } from './AccountMenu';
import { Sidebar } from './Sidebar';

export function DashboardLayout() {
  const t = useDashboardT();
  const { profile } = useAuth();

  return (
    <div className="app dashboard">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <header className="topbar">
        <div className="topbar-inner">
          <Brand to="/dashboard" />
          <div className="topbar-end">
            <AccountMenu />
          </div>
        </div>
      </header>
      <div className="dashboard-body">
        <Sidebar isAdmin={profile?.role === 'admin'} />
        <main id="main" className="dashboard-main" tabIndex={-1}>
          <Suspense fallback={<Spinner label={t('dashboard.chunkLoading')} />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
