import { Navigate, Route, Routes } from 'react-router-dom';
import { Spinner } from '../components/Spinner';
import { lazyPage } from '../lib/lazy-page';
import { useDashboardT } from '../i18n/useDashboardT';
import { AccountScreen } from '../modules/account/components/AccountScreen';
import { ActiveRoomsScreen } from '../modules/active-rooms/components/ActiveRoomsScreen';
import { useAuth } from '../modules/auth/hooks/useAuth';
import { DashboardHome } from '../modules/dashboard/components/DashboardHome';
import { DashboardLayout } from '../modules/dashboard/components/DashboardLayout';
import { HistoryScreen } from '../modules/history/components/HistoryScreen';
import { CreateRoomScreen } from '../modules/schedule/components/CreateRoomScreen';
import { ScheduledRoomsScreen } from '../modules/schedule/components/ScheduledRoomsScreen';
import { EditRoomPage } from './dashboard/EditRoomPage';
import '../styles/dashboard.css';
import '../styles/stats.css';
import '../styles/dashboard-screens.css';

export const AdminPage = lazyPage(() => import('./dashboard/AdminPage').then((module) => module.AdminPage));
export const RoomAnalyticsPage = lazyPage(() => import('./dashboard/RoomAnalyticsPage').then((module) => module.RoomAnalyticsPage));

/** An unknown path waits for the profile: /dashboard/admin exists only once it says the user is an admin. */
function UnknownPath() {
  const t = useDashboardT();
  const { profileLoading } = useAuth();
  if (profileLoading) return <Spinner label={t('dashboard.profileLoading')} />;
  return <Navigate to="/dashboard" replace />;
}

/** The signed-in owner's dashboard; the guard in front of it has already checked the session. */
export function DashboardPage() {
  const { profile } = useAuth();
  return (
    <Routes>
      <Route element={<DashboardLayout />}>
        <Route index element={<DashboardHome />} />
        <Route path="create" element={<CreateRoomScreen />} />
        <Route path="scheduled" element={<ScheduledRoomsScreen />} />
        <Route path="edit-room/:roomId" element={<EditRoomPage />} />
        <Route path="active" element={<ActiveRoomsScreen />} />
        <Route path="history" element={<HistoryScreen />} />
        <Route path="analytics/:roomId" element={<RoomAnalyticsPage />} />
        <Route path="account" element={<AccountScreen />} />
        {profile?.role === 'admin' && <Route path="admin" element={<AdminPage />} />}
        <Route path="*" element={<UnknownPath />} />
      </Route>
    </Routes>
  );
}
