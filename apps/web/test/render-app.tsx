import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { AuthModal } from '../src/modules/auth/components/LazyAuthModal';
import {
  AuthCallbackPage,
  CaptionsPage,
  DashboardPage,
  HostRoomPage,
  LandingPage,
  ResetPasswordPage,
  SpeakerRoomPage,
} from '../src/pages/lazy-pages';
import { AdminPage } from '../src/pages/DashboardPage';
import { App } from '../src/App';
import { FakeSocket } from './fake-socket';

/** Renders the whole app with the browser address set to `path` (and router state, as `navigate` would set it). */
export function renderApp(path: string, state?: unknown) {
  window.history.replaceState(state === undefined ? null : { usr: state, key: 'test', idx: 0 }, '', path);
  FakeSocket.reset();
  // No test may open a real connection.
  window.WebSocket = FakeSocket as unknown as typeof WebSocket;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(<App queryClient={queryClient} />);
}

export function jsonResponse(status: number, body: unknown): Response {
  return {
    ok: status >= 200 && status < 300,
    status,
    text: () => Promise.resolve(JSON.stringify(body)),
  } as Response;
}

/** Loads every page chunk up front (in a beforeAll), so that a test renders them without suspending. */
export async function preloadPages(): Promise<void> {
  await Promise.all(
    [
      AuthModal,
      AuthCallbackPage,
      DashboardPage,
      HostRoomPage,
      LandingPage,
      ResetPasswordPage,
      AdminPage,
      SpeakerRoomPage,
      CaptionsPage,
    ].map((page) => page.preload()),
  );
}
