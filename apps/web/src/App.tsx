import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { AppLayout } from './components/AppLayout';
import { Spinner } from './components/Spinner';
import { I18nProvider } from './i18n/I18nProvider';
import { useT } from './i18n/useT';
import type { AuthClient } from './modules/auth/auth-client';
import { AuthProvider } from './modules/auth/AuthProvider';
import { ProfileLocaleSync } from './modules/auth/components/ProfileLocaleSync';
import { DashboardRoute } from './pages/DashboardRoute';
import { AuthCallbackPage, CaptionsPage, HostRoomPage, LandingPage, ResetPasswordPage, SpeakerRoomPage } from './pages/lazy-pages';
import { NotFoundPage } from './pages/NotFoundPage';
import { ViewerRoomPage } from './pages/ViewerRoomPage';

function Lazy({ children }: { children: ReactNode }) {
  const t = useT();
  return <Suspense fallback={<Spinner label={t('auth.loading')} />}>{children}</Suspense>;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/dashboard/*" element={<DashboardRoute />} />
      <Route
        path="/view/:roomId/captions"
        element={
          <Suspense fallback={null}>
            <CaptionsPage />
          </Suspense>
        }
      />
      <Route element={<AppLayout />}>
        <Route
          path="/"
          element={
            <Lazy>
              <LandingPage />
            </Lazy>
          }
        />
        <Route
          path="/room/:roomId"
          element={
            <Lazy>
              <HostRoomPage />
            </Lazy>
          }
        />
        <Route path="/view/:roomId" element={<ViewerRoomPage />} />
        <Route
          path="/speak/:roomId"
          element={
            <Lazy>
              <SpeakerRoomPage />
            </Lazy>
          }
        />
        <Route
          path="/reset-password"
          element={
            <Lazy>
              <ResetPasswordPage />
            </Lazy>
          }
        />
        <Route
          path="/auth/callback"
          element={
            <Lazy>
              <AuthCallbackPage />
            </Lazy>
          }
        />
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
          <ProfileLocaleSync />
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AuthProvider>
      </I18nProvider>
    </QueryClientProvider>
  );
}
