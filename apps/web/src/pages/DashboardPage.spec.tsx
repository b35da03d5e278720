import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { authHeader, makeProfile, makeSession, makeUser, routeFetch, storedSession, storeSession } from '../../test/auth-fixtures';
import { dashboardFetch, LIST, rooms } from '../../test/dashboard-fixtures';
import { ROOM_ID } from '../../test/fake-socket';
import { jsonResponse, preloadPages, renderApp } from '../../test/render-app';
import { makeCreatedRoom, makeRoom } from '../../test/room-fixtures';
import { preferLanguages } from '../../test/browser-languages';

/** These screens are checked in Spanish, the catalog every other one takes its keys from. */
preferLanguages(['es-ES', 'es']);

beforeAll(preloadPages);
beforeEach(() => window.localStorage.clear());

/** Radix menus open on a key press or a pointer press, not on a synthetic click. */
function openAccountMenu() {
  fireEvent.keyDown(screen.getByTestId('dashboard-greeting-button'), { key: 'Enter' });
}

describe('Landing page for a signed-in visitor', () => {
  it("shows 'Cargando...' while the profile loads, then goes to the dashboard", async () => {
    storeSession(makeSession());
    let answer: (response: Response) => void = () => undefined;
    dashboardFetch({ 'GET /api/profile': () => new Promise((resolve) => (answer = resolve)) });
    renderApp('/');
    expect(screen.getByTestId('landing-loading').textContent).toBe('Cargando...');
    expect(screen.queryByTestId('create-room')).toBeNull();
    await act(async () => answer(jsonResponse(200, makeProfile())));
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
    expect((await screen.findByTestId('dashboard-greeting')).textContent).toBe('Hola, Ana García');
  });

  it('signs in from a confirmed sign-up link and cleans the address', async () => {
    const fetchMock = dashboardFetch({ 'GET /api/auth/user': () => jsonResponse(200, makeUser()) });
    renderApp(`/#access_token=confirm-access&refresh_token=${'c'.repeat(40)}&expires_in=3600&type=signup`);
    expect(screen.getByTestId('landing-loading')).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
    expect(window.location.hash).toBe('');
    expect(authHeader(fetchMock.mock.calls[0][1])).toBe('Bearer confirm-access');
    expect(storedSession()).toMatchObject({ access_token: 'confirm-access', user: makeUser() });
    expect(await screen.findByTestId('profile-tokens')).toBeTruthy();
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
    renderApp('/dashboard/history');
    expect(window.location.pathname).toBe('/');
    expect(screen.getByTestId('login-button')).toBeTruthy();
  });

  it("shows 'Cargando el panel...' while a stale session is being refreshed", async () => {
    storeSession(makeSession(10));
    let answer: (response: Response) => void = () => undefined;
    dashboardFetch({ 'POST /api/auth/token?grant_type=refresh_token': () => new Promise((resolve) => (answer = resolve)) });
    renderApp('/dashboard');
    expect(screen.getByTestId('dashboard-loading').textContent).toBe('Cargando el panel...');
    await act(async () => answer(jsonResponse(200, makeSession())));
    expect(await screen.findByTestId('dashboard-greeting')).toBeTruthy();
  });

  it('greets by the e-mail local part when the profile has no name', async () => {
    storeSession(makeSession());
    dashboardFetch({}, makeProfile({ name: null }));
    renderApp('/dashboard');
    await waitFor(() => expect(screen.getByTestId('dashboard-greeting').textContent).toBe('Hola, ana.garcia'));
  });

  it('lists every sidebar entry, the two coming-soon ones disabled, and no admin entry for a user', async () => {
    storeSession(makeSession());
    dashboardFetch();
    renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Panel' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Inicio', '/dashboard'],
      ['Crear Sala', '/dashboard/create'],
      ['Salas Programadas', '/dashboard/scheduled'],
      ['Salas Activas', '/dashboard/active'],
      ['Historial', '/dashboard/history'],
      ['Mi Cuenta', '/dashboard/account'],
    ]);
    const soon = nav.querySelectorAll('[aria-disabled="true"]');
    expect([...soon].map((item) => item.textContent)).toEqual(['Traducir DocumentosPróximamente', 'Subir Audio/VideoPróximamente']);
  });

  it('adds the admin entry for an admin and opens the panel', async () => {
    storeSession(makeSession());
    dashboardFetch(
      {
        'GET /api/admin/users': () => jsonResponse(200, { users: [] }),
        'GET /api/admin/rooms': () => jsonResponse(200, { rooms: [] }),
        'GET /api/admin/stats': () =>
          jsonResponse(200, { total_users: 1, total_rooms: 0, premium_users: 0, active_rooms: 0, admin_users: 1, total_token_usage: 0 }),
      },
      makeProfile({ role: 'admin' }),
    );
    renderApp('/dashboard/admin');
    expect(await screen.findByRole('heading', { name: 'Panel de Administración' })).toBeTruthy();
    expect(window.location.pathname).toBe('/dashboard/admin');
    expect(screen.getByTestId('nav-admin').getAttribute('href')).toBe('/dashboard/admin');
  });

  it('sends a non-admin away from /dashboard/admin, which does not exist for them', async () => {
    storeSession(makeSession());
    dashboardFetch();
    renderApp('/dashboard/admin');
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
    expect(screen.queryByTestId('nav-admin')).toBeNull();
  });

  it('redirects unknown sub-paths to /dashboard', async () => {
    storeSession(makeSession());
    dashboardFetch();
    renderApp('/dashboard/nowhere/at-all');
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { name: 'Inicio' })).toBeTruthy();
  });

  it("opens 'Mi Cuenta' from the greeting's menu", async () => {
    storeSession(makeSession());
    dashboardFetch();
    renderApp('/dashboard');
    await screen.findByTestId('dashboard-greeting-button');
    openAccountMenu();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Mi Cuenta' }));
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard/account'));
  });

  it("signs out from 'Cerrar Sesión' and goes to /", async () => {
    const session = makeSession();
    storeSession(session);
    const fetchMock = dashboardFetch();
    renderApp('/dashboard');
    await screen.findByTestId('dashboard-greeting-button');
    openAccountMenu();
    const signOut = await screen.findByTestId('dashboard-signout');
    expect(signOut.textContent).toBe('Cerrar Sesión');
    fireEvent.click(signOut);
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(storedSession()).toBeNull();
    expect(screen.getByTestId('login-button')).toBeTruthy();
    const logout = fetchMock.mock.calls.find(([url]) => url === '/api/auth/logout');
    expect(authHeader(logout?.[1])).toBe(`Bearer ${session.access_token}`);
  });
});

describe('Dashboard home', () => {
  it('shows the three stat cards (counts of all the rooms), up to 3 scheduled rooms and 3 recent ones with their status', async () => {
    storeSession(makeSession());
    const latest = [
      makeRoom({ id: '10000000-0000-4000-8000-000000000001', name: 'Uno', status: 'active' }),
      makeRoom({ id: '10000000-0000-4000-8000-000000000002', name: 'Dos', status: 'ended' }),
      makeRoom({ id: '10000000-0000-4000-8000-000000000003', name: 'Tres', status: 'scheduled' }),
      makeRoom({ id: '10000000-0000-4000-8000-000000000004', name: 'Cuatro', status: 'active' }),
    ];
    const upcoming = [makeRoom({ id: '20000000-0000-4000-8000-000000000001', name: 'Mañana', scheduled_at: '2030-05-01T09:30:00.000Z' })];
    dashboardFetch(
      { [LIST.latest]: rooms(latest, 12), [LIST.upcoming]: rooms(upcoming), [LIST.active]: rooms(latest.slice(0, 1), 3) },
      makeProfile({ tokens_used: 150000, token_quota: 100000 }),
    );
    renderApp('/dashboard');
    // Twelve rooms in all, of which the latest are listed; three active, one of them among the latest.
    await waitFor(() => expect(screen.getByTestId('stat-total-rooms').textContent).toBe('Salas totales12'));
    await waitFor(() => expect(screen.getByTestId('stat-active-rooms').textContent).toBe('Salas activas3'));
    await waitFor(() => expect(screen.getByTestId('profile-tokens').textContent).toContain('150.000 / 100.000'));
    const bar = screen.getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect((bar.firstElementChild as HTMLElement).style.width).toBe('100%');
    expect(screen.getAllByTestId('recent-room').map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Uno.*Activa$/),
      expect.stringMatching(/^Dos.*Finalizada$/),
      expect.stringMatching(/^Tres.*Programada$/),
    ]);
    expect(screen.getAllByTestId('upcoming-room')).toHaveLength(1);
    expect(screen.getByRole('link', { name: /Programar Sala/ }).getAttribute('href')).toBe('/dashboard/create');
    expect(screen.getByRole('link', { name: /Ver Programadas/ }).getAttribute('href')).toBe('/dashboard/scheduled');
  });

  it("creates a room as the signed-in user from 'Crear Sala Rápida'", async () => {
    const session = makeSession();
    storeSession(session);
    const created = makeCreatedRoom(`Room ${ROOM_ID.slice(0, 8)}`, session.user.id);
    const fetchMock = dashboardFetch({ 'POST /api/rooms': () => jsonResponse(201, created) });
    renderApp('/dashboard');
    fireEvent.click(await screen.findByTestId('quick-create-room'));
    await waitFor(() => expect(window.location.pathname).toBe(`/room/${ROOM_ID}`));
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/rooms');
    expect(authHeader(call?.[1])).toBe(`Bearer ${session.access_token}`);
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({});
  });

  it('starts an upcoming room and opens its host page', async () => {
    storeSession(makeSession());
    const room = makeRoom({ name: 'Mañana' });
    const fetchMock = dashboardFetch({
      [LIST.upcoming]: rooms([room]),
      [`POST /api/rooms/${ROOM_ID}/start`]: () => jsonResponse(200, { ...room, status: 'active' }),
      [`GET /api/rooms/${ROOM_ID}`]: () => jsonResponse(200, { ...room, status: 'active' }),
    });
    renderApp('/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Iniciar Mañana' }));
    await waitFor(() => expect(window.location.pathname).toBe(`/room/${ROOM_ID}`));
    expect(fetchMock.mock.calls.some(([url]) => url === `/api/rooms/${ROOM_ID}/start`)).toBe(true);
  });
});
