import { Navigate, Route, Routes } from 'react-router-dom';
import { Spinner } from '../components/Spinner';
import { useT } from '../i18n/useT';
import { useAuth } from '../modules/auth/hooks/useAuth';
import { DashboardHome } from '../modules/dashboard/components/DashboardHome';
import { DashboardLayout } from '../modules/dashboard/components/DashboardLayout';

export function DashboardPage() {
  const t = useT();
  const { status } = useAuth();
  if (status === 'loading') return <Spinner label={t('dashboard.loading')} testId="dashboard-loading" />;
  if (status === 'anonymous') return <Navigate to="/" replace />;
  return (
    <Routes>
      <Route element={<DashboardLayout />}>
        <Route index element={<DashboardHome />} />
        <Route path="*" element={<Navigate to="/dashboard" replace />} />
      </Route>
    </Routes>
  );
}
