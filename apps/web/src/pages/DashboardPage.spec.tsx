import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { authHeader, makeProfile, makeSession, makeUser, routeFetch, storedSession, storeSession } from '../../test/auth-fixtures';
import { ROOM_ID } from '../../test/fake-socket';
import { jsonResponse, renderApp } from '../../test/render-app';
import { makeCreatedRoom } from '../../test/room-fixtures';


function profileAnswer(profile = makeProfile()) {
  return routeFetch({
    'GET /api/profile': () => jsonResponse(200, profile),
    'POST /api/auth/logout': () => jsonResponse(204, undefined),
  });
}

beforeEach(() => window.localStorage.clear());

describe('Landing page for a signed-in visitor', () => {
  it("shows 'Loading...' while the profile loads, then goes to the dashboard", async () => {
    storeSession(makeSession());
    let answer: (response: Response) => void = () => undefined;
    routeFetch({ 'GET /api/profile': () => new Promise((resolve) => (answer = resolve)) });
    renderApp('/');
    expect(screen.getByTestId('landing-loading').textContent).toBe('Loading...');
    expect(screen.queryByTestId('create-room')).toBeNull();
    await act(async () => answer(jsonResponse(200, makeProfile())));
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
    expect(screen.getByTestId('dashboard-greeting').textContent).toBe('Hola, Ana García');
  });

  it('signs in from a confirmed sign-up link and cleans the address', async () => {
    const fetchMock = routeFetch({
      'GET /api/auth/user': () => jsonResponse(200, makeUser()),
      'GET /api/profile': () => jsonResponse(200, makeProfile()),
    });
    renderApp(`/#access_token=confirm-access&refresh_token=${'c'.repeat(40)}&expires_in=3600&type=signup`);
    expect(screen.getByTestId('landing-loading')).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
    expect(window.location.hash).toBe('');
    expect(authHeader(fetchMock.mock.calls[0][1])).toBe('Bearer confirm-access');
    expect(storedSession()).toMatchObject({ access_token: 'confirm-access', user: makeUser() });
    expect(await screen.findByTestId('profile-plan')).toBeTruthy();
  });

  it('stays on the landing page when nobody is signed in', () => {
    routeFetch({});
    renderApp('/');
    expect(screen.getByTestId('create-room')).toBeTruthy();
    expect(window.location.pathname).toBe('/');
  });
});

describe('Dashboard shell', () => {
  it('sends a visitor without a session to /', () => {
    routeFetch({});
    renderApp('/dashboard');
    expect(window.location.pathname).toBe('/');
    expect(screen.getByTestId('login-button')).toBeTruthy();
  });

  it("shows 'Loading dashboard...' while a stale session is being refreshed", async () => {
    storeSession(makeSession(10));
    let answer: (response: Response) => void = () => undefined;
    routeFetch({
      'POST /api/auth/token?grant_type=refresh_token': () => new Promise((resolve) => (answer = resolve)),
      'GET /api/profile': () => jsonResponse(200, makeProfile()),
    });
    renderApp('/dashboard');
    expect(screen.getByTestId('dashboard-loading').textContent).toBe('Loading dashboard...');
    await act(async () => answer(jsonResponse(200, makeSession())));
    expect(await screen.findByTestId('dashboard-greeting')).toBeTruthy();
  });

  it('greets by the e-mail local part when the profile has no name, and shows plan, role and usage', async () => {
    storeSession(makeSession());
    profileAnswer(makeProfile({ name: null, plan_type: 'premium', role: 'admin', tokens_used: 150000, token_quota: 100000 }));
    renderApp('/dashboard');
    expect(screen.getByTestId('dashboard-greeting').textContent).toBe('Hola, ana.garcia');
    expect((await screen.findByTestId('profile-plan')).textContent).toContain('Premium');
    expect(screen.getByTestId('profile-role').textContent).toContain('Administrador');
    expect(screen.getByTestId('profile-tokens').textContent).toContain('150.000 / 100.000');
    const bar = screen.getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect((bar.firstElementChild as HTMLElement).style.width).toBe('100%');
  });

  it('shows a free user with partial usage', async () => {
    storeSession(makeSession());
    profileAnswer();
    renderApp('/dashboard');
    expect((await screen.findByTestId('profile-plan')).textContent).toContain('Gratuito');
    expect(screen.getByTestId('profile-role').textContent).toContain('Usuario');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
  });

  it('redirects unknown sub-paths to /dashboard', async () => {
    storeSession(makeSession());
    profileAnswer();
    renderApp('/dashboard/nowhere/at-all');
    expect(window.location.pathname).toBe('/dashboard');
    expect(await screen.findByTestId('profile-plan')).toBeTruthy();
  });

  it("signs out from 'Cerrar Sesión' and goes to /", async () => {
    const session = makeSession();
    storeSession(session);
    const fetchMock = profileAnswer();
    renderApp('/dashboard');
    expect(screen.getByTestId('dashboard-signout').textContent).toBe('Cerrar Sesión');
    fireEvent.click(screen.getByTestId('dashboard-signout'));
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(storedSession()).toBeNull();
    expect(screen.getByTestId('login-button')).toBeTruthy();
    const logout = fetchMock.mock.calls.find(([url]) => url === '/api/auth/logout');
    expect(authHeader(logout?.[1])).toBe(`Bearer ${session.access_token}`);
  });

  it("creates a room as the signed-in user from 'Crear Sala Rápida'", async () => {
    const session = makeSession();
    storeSession(session);
    const created = makeCreatedRoom(`Room ${ROOM_ID.slice(0, 8)}`, session.user.id);
    const fetchMock = routeFetch({
      'GET /api/profile': () => jsonResponse(200, makeProfile()),
      'POST /api/rooms': () => jsonResponse(201, created),
    });
    renderApp('/dashboard');
    fireEvent.click(screen.getByTestId('quick-create-room'));
    await waitFor(() => expect(window.location.pathname).toBe(`/room/${ROOM_ID}`));
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/rooms');
    expect(authHeader(call?.[1])).toBe(`Bearer ${session.access_token}`);
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({});
  });
});
