import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeSession, storeSession } from '../../../test/auth-fixtures';
import { bodyOf, callsTo, dashboardFetch, LIST, rooms } from '../../../test/dashboard-fixtures';
import { ROOM_ID } from '../../../test/fake-socket';
import { jsonResponse, preloadPages, renderApp } from '../../../test/render-app';
import { makeCreatedRoom, makeRoom } from '../../../test/room-fixtures';
import { preferLanguages } from '../../../test/browser-languages';
import { dashboardEs } from '../../i18n/dashboard.es';

/** These screens are checked in Spanish, the catalog every other one takes its keys from. */
preferLanguages(['es-ES', 'es']);

const OTHER_ID = '30000000-0000-4000-8000-000000000003';

beforeAll(preloadPages);
beforeEach(() => {
  window.localStorage.clear();
  storeSession(makeSession());
});

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;

describe('Create room form', () => {
  it("labels the name 'Nombre de la sala', keeps submit disabled while it is empty and offers the durations", async () => {
    dashboardFetch();
    renderApp('/dashboard/create');
    const name = await screen.findByLabelText('Nombre de la sala');
    expect(name).toBe(input('room-form-name'));
    expect((screen.getByTestId('room-form-submit') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(name, { target: { value: '   ' } });
    expect((screen.getByTestId('room-form-submit') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(name, { target: { value: 'Keynote' } });
    expect((screen.getByTestId('room-form-submit') as HTMLButtonElement).disabled).toBe(false);
    const duration = screen.getByTestId('room-form-duration') as HTMLSelectElement;
    expect(duration.value).toBe('60');
    expect([...duration.options].map((option) => option.value)).toEqual(['30', '60', '90', '120', '180', '240']);
    expect(input('room-form-date').min).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('sends no schedule with a date but no time, then lists the scheduled rooms', async () => {
    const fetchMock = dashboardFetch({
      'POST /api/rooms': () => jsonResponse(201, makeCreatedRoom('Keynote')),
      [LIST.scheduled]: rooms([makeRoom()]),
    });
    renderApp('/dashboard/create');
    fireEvent.change(await screen.findByTestId('room-form-name'), { target: { value: ' Keynote ' } });
    fireEvent.change(input('room-form-date'), { target: { value: '2030-05-01' } });
    fireEvent.change(screen.getByTestId('room-form-language'), { target: { value: 'es' } });
    fireEvent.change(screen.getByTestId('room-form-duration'), { target: { value: '90' } });
    fireEvent.click(screen.getByTestId('room-form-submit'));
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard/scheduled'));
    expect(bodyOf(fetchMock, 'POST /api/rooms')).toEqual({ name: 'Keynote', source_language: 'es', duration_minutes: 90 });
    expect(window.localStorage.getItem(`lt.hostKey.${ROOM_ID}`)).toBeNull();
  });

  it('schedules with both date and time and refuses an invited host that is not an e-mail', async () => {
    const fetchMock = dashboardFetch({
      'POST /api/rooms': () => jsonResponse(201, makeCreatedRoom('Keynote')),
      [LIST.scheduled]: rooms([]),
    });
    renderApp('/dashboard/create');
    fireEvent.change(await screen.findByTestId('room-form-name'), { target: { value: 'Keynote' } });
    fireEvent.change(input('room-form-date'), { target: { value: '2030-05-01' } });
    fireEvent.change(input('room-form-time'), { target: { value: '09:30' } });
    fireEvent.change(input('room-form-invited'), { target: { value: 'ana@example.com, luis' } });
    // The owner sets what the room may spend after its end as it creates it, explained as in the edit form.
    const allowance = screen.getByLabelText('Tokens tras el final de la sala') as HTMLInputElement;
    expect(allowance).toBe(input('room-form-ended-allowance'));
    expect(document.getElementById(allowance.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      dashboardEs['form.endedAllowanceHint'],
    );
    fireEvent.change(allowance, { target: { value: '1500' } });
    fireEvent.click(screen.getByTestId('room-form-submit'));
    expect(screen.getByTestId('room-form-error').textContent).toBe('Correo electrónico no válido: luis');
    expect(callsTo(fetchMock, 'POST /api/rooms')).toBe(0);
    fireEvent.change(input('room-form-invited'), { target: { value: 'ana@example.com, luis@example.com' } });
    fireEvent.click(screen.getByTestId('room-form-submit'));
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard/scheduled'));
    expect(bodyOf(fetchMock, 'POST /api/rooms')).toEqual({
      name: 'Keynote',
      scheduled_at: new Date(2030, 4, 1, 9, 30).toISOString(),
      duration_minutes: 60,
      invited_hosts: ['ana@example.com', 'luis@example.com'],
      ended_allowance: 1500,
    });
  });

  it("shows what the server's refusal means in a red box", async () => {
    dashboardFetch({
      'POST /api/rooms': () =>
        jsonResponse(400, { error: { code: 'validation_failed', message: 'Room name must be at most 50 characters' } }),
    });
    renderApp('/dashboard/create');
    fireEvent.change(await screen.findByTestId('room-form-name'), { target: { value: 'Keynote' } });
    fireEvent.click(screen.getByTestId('room-form-submit'));
    expect((await screen.findByTestId('room-form-error')).textContent).toBe(
      'Algunos datos no son válidos. Revísalos y vuelve a intentarlo.',
    );
  });
});

describe('Scheduled rooms', () => {
  it('shows whether each room is ready to start, edits and deletes after confirmation', async () => {
    const soon = makeRoom({ name: 'Soon', scheduled_at: new Date(Date.now() + 10 * 60_000).toISOString() });
    const later = makeRoom({ id: OTHER_ID, name: 'Later', scheduled_at: new Date(Date.now() + 3 * 3600_000).toISOString() });
    let list = [soon, later];
    const fetchMock = dashboardFetch({
      [LIST.scheduled]: () => jsonResponse(200, { rooms: list }),
      [`DELETE /api/rooms/${OTHER_ID}`]: () => {
        list = [soon];
        return jsonResponse(204, undefined);
      },
    });
    renderApp('/dashboard/scheduled');
    const cards = await screen.findAllByTestId('scheduled-room');
    expect(cards.map((card) => card.getAttribute('data-ready'))).toEqual(['true', 'false']);
    expect(within(cards[0]).getByTestId('ready-badge').textContent).toBe('Lista para iniciar');
    expect(within(cards[1]).getByTestId('edit-room').getAttribute('href')).toBe(`/dashboard/edit-room/${OTHER_ID}`);

    fireEvent.click(within(cards[1]).getByTestId('delete-room'));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('¿Estás seguro de que quieres eliminar esta sala?');
    fireEvent.click(within(dialog).getByTestId('confirm-cancel'));
    expect(callsTo(fetchMock, `DELETE /api/rooms/${OTHER_ID}`)).toBe(0);

    fireEvent.click(within(cards[1]).getByTestId('delete-room'));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByTestId('confirm-accept'));
    await waitFor(() => expect(screen.getAllByTestId('scheduled-room')).toHaveLength(1));
    expect(callsTo(fetchMock, `DELETE /api/rooms/${OTHER_ID}`)).toBe(1);
  });

  it('says a room without a time can start whenever, and shows errors in a red box', async () => {
    dashboardFetch({
      [LIST.scheduled]: rooms([makeRoom({ name: 'Anytime' })]),
      [`POST /api/rooms/${ROOM_ID}/start`]: () => jsonResponse(503, { error: { code: 'unavailable', message: 'Service unavailable' } }),
    });
    renderApp('/dashboard/scheduled');
    expect((await screen.findByTestId('ready-badge')).textContent).toBe('Sin hora: se puede iniciar cuando quieras');
    fireEvent.click(screen.getByTestId('start-room'));
    expect((await screen.findByTestId('error-banner')).textContent).toContain('El servicio no está disponible ahora mismo.');
    expect(window.location.pathname).toBe('/dashboard/scheduled');
  });

  it('edits a room: the form starts from the room and sends the changes', async () => {
    const room = makeRoom({ name: 'Keynote', source_language: 'fr', duration_minutes: 120, retention: 'days_7' });
    const fetchMock = dashboardFetch({
      [`GET /api/rooms/${ROOM_ID}`]: () => jsonResponse(200, room),
      [`PATCH /api/rooms/${ROOM_ID}`]: () => jsonResponse(200, { ...room, name: 'Renamed' }),
      [LIST.scheduled]: rooms([]),
    });
    renderApp(`/dashboard/edit-room/${ROOM_ID}`);
    await waitFor(() => expect(input('room-form-name').value).toBe('Keynote'));
    expect((screen.getByTestId('room-form-language') as HTMLSelectElement).value).toBe('fr');
    expect((screen.getByTestId('room-form-duration') as HTMLSelectElement).value).toBe('120');
    expect((screen.getByTestId('room-form-retention') as HTMLSelectElement).value).toBe('days_7');
    fireEvent.change(input('room-form-name'), { target: { value: 'Renamed' } });
    fireEvent.change(screen.getByTestId('room-form-retention'), { target: { value: 'none' } });
    expect(input('room-form-ended-allowance').value).toBe('');
    fireEvent.change(input('room-form-ended-allowance'), { target: { value: '500' } });
    fireEvent.click(screen.getByTestId('room-form-submit'));
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard/scheduled'));
    expect(bodyOf(fetchMock, `PATCH /api/rooms/${ROOM_ID}`)).toEqual({
      name: 'Renamed',
      source_language: 'fr',
      scheduled_at: null,
      duration_minutes: 120,
      viewer_downloads: true,
      retention: 'none',
      fast_captions: true,
      questions_enabled: false,
      ended_allowance: 500,
    });
  });
});

describe('Active rooms', () => {
  const active = makeRoom({ name: 'Live now', status: 'active', source_language: 'es' });
  const waiting = makeRoom({ id: OTHER_ID, name: 'Later', status: 'scheduled' });

  it('lists every column with the badge colours, the language fallback and the short viewer link', async () => {
    dashboardFetch({ [LIST.open]: rooms([active, waiting]) });
    renderApp('/dashboard/active');
    const rows = await screen.findAllByTestId('active-room-row');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Sala',
      'Estado',
      'Idioma',
      'Enlace de espectador',
      'Acciones',
    ]);
    expect(rows[0].textContent).toContain(`Live now${ROOM_ID.slice(0, 8)}`);
    const badges = screen.getAllByTestId('room-status');
    expect(badges.map((badge) => [badge.textContent, badge.className])).toEqual([
      ['Activa', 'badge badge-success'],
      ['Programada', 'badge badge-info'],
    ]);
    expect(screen.getAllByTestId('room-language').map((cell) => cell.textContent)).toEqual(['Español', 'No configurado']);
    expect(rows[1].textContent).toContain(`/view/${OTHER_ID.slice(0, 8)}…`);
    expect(within(rows[0]).getByTestId('open-room').getAttribute('href')).toBe(`/room/${ROOM_ID}?name=Live%20now`);
    const viewer = within(rows[0]).getByTestId('open-viewer');
    expect([viewer.getAttribute('href'), viewer.getAttribute('target')]).toEqual([active.viewer_link, '_blank']);
    expect(within(rows[0]).getByTestId('end-room').textContent).toBe('Finalizar');
    expect(within(rows[1]).getByTestId('activate-room').textContent).toBe('Activar');
    expect(screen.getByTestId('new-room-link').getAttribute('href')).toBe('/dashboard/create');
  });

  it('ends an active room and activates another', async () => {
    const fetchMock = dashboardFetch({
      [LIST.open]: rooms([active, waiting]),
      [`POST /api/rooms/${ROOM_ID}/end`]: () => jsonResponse(200, { ...active, status: 'ended' }),
      [`POST /api/rooms/${OTHER_ID}/start`]: () => jsonResponse(200, { ...waiting, status: 'active' }),
    });
    renderApp('/dashboard/active');
    fireEvent.click(await screen.findByRole('button', { name: 'Finalizar Live now' }));
    await waitFor(() => expect(callsTo(fetchMock, `POST /api/rooms/${ROOM_ID}/end`)).toBe(1));
    fireEvent.click(screen.getByRole('button', { name: 'Activar Later' }));
    await waitFor(() => expect(callsTo(fetchMock, `POST /api/rooms/${OTHER_ID}/start`)).toBe(1));
  });

  it("shows the empty state with 'Crear Sala'", async () => {
    dashboardFetch({ [LIST.open]: rooms([]) });
    renderApp('/dashboard/active');
    const empty = await screen.findByTestId('active-empty');
    expect(empty.textContent).toContain('No hay salas activas');
    expect(empty.textContent).toContain('Crea una nueva sala para comenzar');
    expect(within(empty).getByRole('link', { name: 'Crear Sala' }).getAttribute('href')).toBe('/dashboard/create');
  });

  it('shows a loading skeleton, then the error banner', async () => {
    let fail: (response: Response) => void = () => undefined;
    dashboardFetch({ [LIST.open]: () => new Promise((resolve) => (fail = resolve)) });
    renderApp('/dashboard/active');
    expect((await screen.findByTestId('list-loading')).getAttribute('aria-label')).toBe('Cargando salas...');
    fail(jsonResponse(500, { error: { code: 'internal', message: 'Something broke' } }));
    expect((await screen.findByTestId('error-banner')).textContent).toContain('Algo ha fallado en el servidor.');
  });
});

describe('History', () => {
  const ended = makeRoom({
    name: 'Keynote',
    status: 'ended',
    source_language: 'es',
    created_at: '2026-03-05T09:00:00.000Z',
    updated_at: '2026-03-05T10:35:00.000Z',
  });
  const short = makeRoom({
    id: OTHER_ID,
    name: 'Short',
    status: 'ended',
    created_at: '2026-03-04T09:00:00.000Z',
    updated_at: '2026-03-04T09:42:30.000Z',
  });

  it('shows date, duration and language of each ended room', async () => {
    dashboardFetch({ [LIST.ended]: rooms([ended, short]) });
    renderApp('/dashboard/history');
    const rows = await screen.findAllByTestId('history-row');
    expect(rows).toHaveLength(2);
    expect(screen.getAllByTestId('history-duration').map((cell) => cell.textContent)).toEqual(['1h 35m', '42 min']);
    // The browser's locale (es-ES here), in the one format every dashboard date uses (Scheduled, Home).
    const expectedDate = new Intl.DateTimeFormat('es-ES', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ended.created_at));
    expect(screen.getAllByTestId('history-date')[0].textContent).toBe(expectedDate);
    expect(rows[0].textContent).toContain('Español');
    expect(rows[1].textContent).toContain('No configurado');
  });

  it('ignores a second duplicate while the first runs', async () => {
    let finish: (response: Response) => void = () => undefined;
    const fetchMock = dashboardFetch({
      [LIST.ended]: rooms([ended, short]),
      [`POST /api/rooms/${ROOM_ID}/duplicate`]: () => new Promise((resolve) => (finish = resolve)),
      [LIST.latest]: rooms([]),
    });
    renderApp('/dashboard/history');
    const buttons = await screen.findAllByTestId('duplicate-room');
    fireEvent.click(buttons[0]);
    fireEvent.click(buttons[0]);
    fireEvent.click(buttons[1]);
    await waitFor(() => expect(callsTo(fetchMock, `POST /api/rooms/${ROOM_ID}/duplicate`)).toBe(1));
    expect(callsTo(fetchMock, `POST /api/rooms/${OTHER_ID}/duplicate`)).toBe(0);
    finish(jsonResponse(201, makeRoom({ id: '40000000-0000-4000-8000-000000000004', name: 'Keynote (Copia)' })));
    expect((await screen.findByTestId('duplicated-notice')).textContent).toBe('Sala duplicada: Keynote (Copia)');
  });

  it("shows 'No hay historial' with 'Crear Primera Sala'", async () => {
    dashboardFetch({ [LIST.ended]: rooms([]) });
    renderApp('/dashboard/history');
    const empty = await screen.findByTestId('history-empty');
    expect(empty.textContent).toContain('No hay historial');
    expect(empty.textContent).toContain('Las salas finalizadas aparecerán aquí');
    expect(within(empty).getByRole('link', { name: 'Crear Primera Sala' }).getAttribute('href')).toBe('/dashboard/create');
  });
});
