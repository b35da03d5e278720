import type { AdminRoom, AdminUser } from '@lt/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { makeProfile, makeSession, storedSession, storeSession } from '../../../test/auth-fixtures';
import { bodyOf, callsTo, dashboardFetch } from '../../../test/dashboard-fixtures';
import { jsonResponse, preloadPages, renderApp } from '../../../test/render-app';
import { I18nProvider } from '../../i18n/I18nProvider';
import { AuthClient } from '../../modules/auth/auth-client';
import { AuthContext } from '../../modules/auth/auth-context';
import { AdminPanel } from '../../modules/admin/components/AdminPanel';
import { preferLanguages } from '../../../test/browser-languages';

/** These screens are checked in Spanish, the catalog every other one takes its keys from. */
preferLanguages(['es-ES', 'es']);

beforeAll(preloadPages);
beforeEach(() => {
  window.localStorage.clear();
  storeSession(makeSession());
});

describe('Account', () => {
  it('shows plan, role and capped usage, and edits the name with a success message', async () => {
    let profile = makeProfile({ plan_type: 'premium', role: 'admin', tokens_used: 150000, token_quota: 100000 });
    const fetchMock = dashboardFetch({
      'GET /api/profile': () => jsonResponse(200, profile),
      'PUT /api/auth/user': () => {
        profile = { ...profile, name: 'Ana Nueva' };
        return jsonResponse(200, makeSession().user);
      },
    });
    renderApp('/dashboard/account');
    expect((await screen.findByTestId('profile-plan')).textContent).toBe('Premium');
    expect(screen.getByTestId('profile-role').textContent).toBe('Administrador');
    expect(screen.getByTestId('account-tokens').textContent).toContain('150.000 de 100.000 tokens usados');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByTestId('account-name').textContent).toBe('Ana García');

    fireEvent.click(screen.getByTestId('account-edit'));
    fireEvent.change(screen.getByTestId('account-name-input'), { target: { value: 'Otra' } });
    fireEvent.click(screen.getByTestId('account-cancel'));
    expect(screen.getByTestId('account-name').textContent).toBe('Ana García');
    fireEvent.click(screen.getByTestId('account-edit'));
    expect((screen.getByTestId('account-name-input') as HTMLInputElement).value).toBe('Ana García');
    expect((screen.getByTestId('account-email-input') as HTMLInputElement).type).toBe('email');
    fireEvent.change(screen.getByTestId('account-name-input'), { target: { value: 'Ana Nueva' } });
    fireEvent.click(screen.getByTestId('account-save'));
    expect((await screen.findByTestId('account-saved')).textContent).toBe('Perfil actualizado exitosamente');
    await waitFor(() => expect(screen.getByTestId('account-name').textContent).toBe('Ana Nueva'));
    expect(bodyOf(fetchMock, 'PUT /api/auth/user')).toEqual({ name: 'Ana Nueva' });
    expect(screen.getByTestId('dashboard-greeting').textContent).toBe('Hola, Ana Nueva');
  });

  it("falls back to 'Error al actualizar el perfil'", async () => {
    dashboardFetch({ 'PUT /api/auth/user': () => jsonResponse(500, {}) });
    renderApp('/dashboard/account');
    fireEvent.click(await screen.findByTestId('account-edit'));
    fireEvent.change(screen.getByTestId('account-name-input'), { target: { value: 'X' } });
    fireEvent.click(screen.getByTestId('account-save'));
    expect((await screen.findByTestId('account-error')).textContent).toBe('Error al actualizar el perfil');
  });

  it('deletes the account in two steps, offering the archive first, then says so on /', async () => {
    const fetchMock = dashboardFetch({ 'DELETE /api/auth/user': () => jsonResponse(204, undefined) });
    renderApp('/dashboard/account');
    fireEvent.click(await screen.findByTestId('account-delete'));
    expect(callsTo(fetchMock, 'DELETE /api/auth/user')).toBe(0);
    expect(screen.getByTestId('account-delete-question').textContent).toBe('¿Estás seguro? Esta acción no se puede deshacer.');
    expect(screen.getByTestId('account-delete-archive').textContent).toMatch(/^Antes de irte: descarga tus datos\./);
    expect(screen.getByTestId('account-delete-archive-download').textContent).toBe('Descargar mis datos primero');
    expect(screen.getByTestId('account-delete-confirm').textContent).toBe('Confirmar Eliminación');
    fireEvent.click(screen.getByTestId('account-delete-confirm'));
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(storedSession()).toBeNull();
    expect((await screen.findByTestId('account-deleted')).textContent).toBe('Se eliminaron tu cuenta, sus salas y sus transcripciones.');
  });

  it("says 'Error al eliminar la cuenta' when deletion fails", async () => {
    dashboardFetch({ 'DELETE /api/auth/user': () => jsonResponse(502, {}) });
    renderApp('/dashboard/account');
    fireEvent.click(await screen.findByTestId('account-delete'));
    fireEvent.click(screen.getByTestId('account-delete-confirm'));
    expect((await screen.findByTestId('account-delete-error')).textContent).toBe('Error al eliminar la cuenta');
  });
});

const adminProfile = makeProfile({ role: 'admin' });
const users: AdminUser[] = [
  adminProfile,
  makeProfile({
    id: '50000000-0000-4000-8000-000000000005',
    email: 'bob@example.com',
    name: null,
    plan_type: 'premium',
    token_quota: 100000,
    tokens_used: 5000,
  }),
];
const adminRooms: AdminRoom[] = [
  {
    id: '60000000-0000-4000-8000-000000000006',
    name: 'Keynote',
    owner_email: 'bob@example.com',
    status: 'active',
    created_at: '2026-03-05T09:00:00.000Z',
    host_connected: false,
  },
  {
    id: '70000000-0000-4000-8000-000000000007',
    name: 'Lobby',
    owner_email: null,
    status: 'ended',
    created_at: '2026-03-04T09:00:00.000Z',
    host_connected: false,
  },
];

function adminFetch(extra: Parameters<typeof dashboardFetch>[0] = {}) {
  return dashboardFetch(
    {
      'GET /api/admin/users': () => jsonResponse(200, { users }),
      'GET /api/admin/rooms': () => jsonResponse(200, { rooms: adminRooms }),
      'GET /api/admin/stats': () => jsonResponse(503, { error: { code: 'unavailable', message: 'down' } }),
      'GET /api/admin/health': () =>
        jsonResponse(200, {
          checked_at: '2026-03-05T09:00:00.000Z',
          parts: [
            { name: 'database', status: 'up' },
            { name: 'translate', status: 'down', detail: 'no answer in 2 s' },
          ],
        }),
      ...extra,
    },
    adminProfile,
  );
}

/** Radix tabs switch on mouse down (or arrow keys), not on a synthetic click. */
function openTab(name: string) {
  fireEvent.mouseDown(screen.getByRole('tab', { name }), { button: 0 });
}

describe('Admin panel', () => {
  preferLanguages(['en-US', 'en']);

  it("tells a non-admin 'Access Denied' and asks the server for nothing", () => {
    const fetchMock = jest.fn();
    window.fetch = fetchMock;
    const client = new AuthClient();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <I18nProvider>
          <AuthContext.Provider value={{ ...client.getState(), profile: makeProfile(), profileLoading: false, client }}>
            <MemoryRouter>
              <AdminPanel />
            </MemoryRouter>
          </AuthContext.Provider>
        </I18nProvider>
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('admin-denied').textContent).toBe("Access DeniedYou don't have permission to access the admin panel.");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('lists users with their plan, usage and role, and changes a plan', async () => {
    let listed = users;
    const fetchMock = adminFetch({
      'GET /api/admin/users': () => jsonResponse(200, { users: listed }),
      [`PATCH /api/admin/users/${users[1].id}`]: () => {
        listed = [users[0], { ...users[1], plan_type: 'free', token_quota: 10000 }];
        return jsonResponse(200, listed[1]);
      },
    });
    renderApp('/dashboard/admin');
    const rows = await screen.findAllByTestId('admin-user-row');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Users', 'Rooms', 'Statistics']);
    expect(rows[1].textContent).toContain('No name');
    expect(rows[1].textContent).toContain('bob@example.com');
    expect(within(rows[1]).getByTestId('admin-user-usage').textContent).toBe('5,000 / 100,000');
    const plan = within(rows[1]).getByRole('combobox', { name: 'Plan of bob@example.com' }) as HTMLSelectElement;
    expect([...plan.options].map((option) => option.textContent)).toEqual(['Free', 'Premium']);
    const role = within(rows[1]).getByRole('combobox', { name: 'Role of bob@example.com' }) as HTMLSelectElement;
    expect([...role.options].map((option) => option.textContent)).toEqual(['User', 'Admin']);
    fireEvent.change(plan, { target: { value: 'free' } });
    await waitFor(() => expect(bodyOf(fetchMock, `PATCH /api/admin/users/${users[1].id}`)).toEqual({ plan_type: 'free' }));
    await waitFor(() => expect(within(screen.getAllByTestId('admin-user-row')[1]).getByTestId('admin-user-plan').textContent).toBe('Free'));
  });

  it('deletes a room after confirmation', async () => {
    const fetchMock = adminFetch({ [`DELETE /api/admin/rooms/${adminRooms[1].id}`]: () => jsonResponse(204, undefined) });
    renderApp('/dashboard/admin');
    await screen.findAllByTestId('admin-user-row');
    openTab('Rooms');
    const rows = await screen.findAllByTestId('admin-room-row');
    expect(rows[1].textContent).toContain('Anonymous');
    expect(rows.map((row) => within(row).getByTestId('admin-room-state').textContent)).toEqual(['Live, no host connected', 'Ended']);
    fireEvent.click(within(rows[1]).getByTestId('admin-delete-room'));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Are you sure you want to delete this room?');
    fireEvent.click(within(dialog).getByTestId('confirm-accept'));
    await waitFor(() => expect(callsTo(fetchMock, `DELETE /api/admin/rooms/${adminRooms[1].id}`)).toBe(1));
  });

  it('computes the six cards from the lists when the statistics fail, and shows each part up or down', async () => {
    adminFetch();
    renderApp('/dashboard/admin');
    await screen.findAllByTestId('admin-user-row');
    openTab('Statistics');
    expect(await screen.findByTestId('stats-fallback')).toBeTruthy();
    const card = (key: string) => screen.getByTestId(`admin-stat-${key}`).textContent;
    expect(card('total_users')).toBe('Total Users2');
    expect(card('total_rooms')).toBe('Total Rooms2');
    expect(card('premium_users')).toBe('Premium Users1');
    expect(card('active_rooms')).toBe('Active Rooms1');
    expect(card('admin_users')).toBe('Admins1');
    expect(card('total_token_usage')).toBe('Total Token Usage7,500');
    const parts = await screen.findAllByTestId('health-part');
    expect(parts.map((part) => [part.getAttribute('data-part'), part.getAttribute('data-status')])).toEqual([
      ['database', 'up'],
      ['translate', 'down'],
    ]);
    expect(parts[1].textContent).toContain('Translation serviceDownno answer in 2 s');
  });
});
