import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { AppLayout } from './components/AppLayout';
import { I18nProvider } from './i18n/I18nProvider';
import type { AuthClient } from './modules/auth/auth-client';
import { AuthProvider } from './modules/auth/AuthProvider';
import { AuthCallbackPage } from './pages/AuthCallbackPage';
import { DashboardPage } from './pages/DashboardPage';
import { HostRoomPage } from './pages/HostRoomPage';
import { LandingPage } from './pages/LandingPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { ResetPasswordPage } from './pages/ResetPasswordPage';
import { ViewerRoomPage } from './pages/ViewerRoomPage';

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/dashboard/*" element={<DashboardPage />} />
      <Route element={<AppLayout />}>
        <Route path="/" element={<LandingPage />} />
        <Route path="/room/:roomId" element={<HostRoomPage />} />
        <Route path="/view/:roomId" element={<ViewerRoomPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/auth/callback" element={<AuthCallbackPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

export function App({ queryClient, authClient }: { queryClient: QueryClient; authClient?: AuthClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider>
        <AuthProvider client={authClient}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AuthProvider>
      </I18nProvider>
    </QueryClientProvider>
  );
}
