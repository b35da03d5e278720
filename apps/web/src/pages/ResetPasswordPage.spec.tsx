import { act, fireEvent, screen } from '@testing-library/react';
import { authHeader, makeProfile, makeSession, makeUser, routeFetch, storedSession, storeSession } from '../../test/auth-fixtures';
import { jsonResponse, renderApp, preloadPages } from '../../test/render-app';
import { preferLanguages } from '../../test/browser-languages';

/** These screens are checked in Spanish, the catalog every other one takes its keys from. */
preferLanguages(['es-ES', 'es']);

beforeAll(preloadPages);

const REFRESH = 'r'.repeat(40);
const LINK = `/reset-password#access_token=link-access&refresh_token=${REFRESH}&expires_in=3600&type=recovery`;

const advance = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));
const input = (id: string) => screen.getByTestId(id) as HTMLInputElement;
const submit = () => screen.getByTestId('reset-submit') as HTMLButtonElement;
const type = (id: string, value: string) => fireEvent.change(input(id), { target: { value } });
const errorMessage = () => screen.getByTestId('reset-error-message').textContent;

function serverAnswers(user: () => Response = () => jsonResponse(200, makeUser())) {
  return routeFetch({
    'GET /api/auth/user': user,
    'GET /api/profile': () => jsonResponse(200, makeProfile()),
  });
}

beforeEach(() => {
  jest.useFakeTimers();
  window.localStorage.clear();
});

afterEach(() => jest.useRealTimers());

describe('Reset password page: the link', () => {
  it('verifies for 100 ms, then opens the recovery session, cleans the address and shows the form', async () => {
    const fetchMock = serverAnswers();
    renderApp(LINK);
    expect(screen.getByTestId('reset-verifying').textContent).toContain('Verificando Enlace');
    await advance(99);
    expect(fetchMock).not.toHaveBeenCalled();
    await advance(1);

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Nueva Contraseña');
    expect(fetchMock.mock.calls[0][0]).toBe('/api/auth/user');
    expect(authHeader(fetchMock.mock.calls[0][1])).toBe('Bearer link-access');
    expect(window.location.hash).toBe('');
    expect(window.location.pathname).toBe('/reset-password');
    expect(storedSession()).toMatchObject({ access_token: 'link-access', refresh_token: REFRESH, user: makeUser() });
    expect(screen.getByText('Debe tener al menos 6 caracteres')).toBeTruthy();
  });

  it.each([
    [
      'a spent or expired link',
      '/reset-password#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
      'El enlace de restablecimiento ha expirado o es inválido. Solicita uno nuevo.',
    ],
    [
      'an access token without a refresh token',
      '/reset-password#access_token=a&type=recovery',
      'Formato de enlace inválido. Solicita un nuevo restablecimiento.',
    ],
    [
      'a link that is not a recovery',
      `/reset-password#access_token=a&refresh_token=${REFRESH}&type=signup`,
      'Formato de enlace inválido. Solicita un nuevo restablecimiento.',
    ],
    ['no link and no session', '/reset-password', 'Enlace inválido o expirado. Solicita uno nuevo desde la página de login.'],
  ])('shows the error screen for %s', async (_label, path, message) => {
    const fetchMock = serverAnswers();
    renderApp(path);
    await advance(100);
    expect(screen.getByTestId('reset-error').querySelector('h1')?.textContent).toBe('Problema con el Enlace');
    expect(errorMessage()).toBe(message);
    expect(window.location.hash).toBe('');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(storedSession()).toBeNull();
  });

  it('says it could not verify the link when the server refuses its token', async () => {
    serverAnswers(() => jsonResponse(401, { error: { code: 'unauthorized', message: 'Invalid token' } }));
    renderApp(LINK);
    await advance(100);
    expect(errorMessage()).toBe('No pudimos verificar el enlace. Por favor, solicita uno nuevo.');
    expect(storedSession()).toBeNull();
  });

  it('says the session could not be established when the server cannot answer', async () => {
    serverAnswers(() => jsonResponse(503, { error: { code: 'unavailable', message: 'Service unavailable' } }));
    renderApp(LINK);
    await advance(100);
    expect(errorMessage()).toBe('No se pudo establecer la sesión. Solicita un nuevo enlace.');
  });

  it('uses an existing session when the address carries no link', async () => {
    storeSession(makeSession());
    serverAnswers();
    renderApp('/reset-password');
    await advance(100);
    expect(screen.getByTestId('new-password')).toBeTruthy();
  });

  it('says the session could not be verified when refreshing it fails', async () => {
    storeSession(makeSession(20));
    routeFetch({
      'POST /api/auth/token?grant_type=refresh_token': () => Promise.reject(new TypeError('Failed to fetch')),
      'GET /api/profile': () => jsonResponse(200, makeProfile()),
    });
    renderApp('/reset-password');
    await advance(100);
    expect(errorMessage()).toBe('No se pudo verificar la sesión. Solicita un nuevo restablecimiento.');
  });

  it('offers a new link through the modal in reset mode, or the way home', async () => {
    serverAnswers();
    const { unmount } = renderApp('/reset-password#error=access_denied&error_code=otp_expired');
    await advance(100);
    expect(screen.getByTestId('reset-go-home').textContent).toBe('Ir al Inicio');
    fireEvent.click(screen.getByTestId('reset-request-new'));
    expect(window.location.pathname).toBe('/');
    expect(screen.getByRole('dialog').querySelector('h2')?.textContent).toBe('Restablecer Contraseña');
    unmount();

    renderApp('/reset-password');
    await advance(100);
    fireEvent.click(screen.getByTestId('reset-go-home'));
    expect(window.location.pathname).toBe('/');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('Reset password page: the form', () => {
  async function openForm(update: () => Response | Promise<Response>) {
    const fetchMock = routeFetch({
      'GET /api/auth/user': () => jsonResponse(200, makeUser()),
      'GET /api/profile': () => jsonResponse(200, makeProfile()),
      'PUT /api/auth/user': update,
    });
    renderApp(LINK);
    await advance(100);
    return fetchMock;
  }

  it('enables the submit only for matching passwords of at least 6 characters', async () => {
    await openForm(() => jsonResponse(200, makeUser()));
    expect(submit().disabled).toBe(true);
    type('new-password', '12345');
    type('confirm-password', '12345');
    expect(submit().disabled).toBe(true);
    type('new-password', '123456');
    expect(screen.getByTestId('reset-mismatch').textContent).toBe('Las contraseñas no coinciden');
    expect(submit().disabled).toBe(true);
    type('confirm-password', '123456');
    expect(screen.queryByTestId('reset-mismatch')).toBeNull();
    expect(submit().disabled).toBe(false);
  });

  it('shows and hides each password', async () => {
    await openForm(() => jsonResponse(200, makeUser()));
    expect(input('new-password').type).toBe('password');
    fireEvent.click(screen.getByTestId('new-password-toggle'));
    expect(input('new-password').type).toBe('text');
    expect(input('confirm-password').type).toBe('password');
    fireEvent.click(screen.getByTestId('new-password-toggle'));
    expect(input('new-password').type).toBe('password');
  });

  it('updates the password with the recovery session, then shows success and goes home after 2 s', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = await openForm(() => new Promise((resolve) => (answer = resolve)));
    type('new-password', 'new-secret');
    type('confirm-password', 'new-secret');
    fireEvent.click(submit());
    await advance(0);
    expect(submit().textContent).toBe('Actualizando...');
    expect(submit().disabled).toBe(true);
    const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'PUT') ?? [];
    expect(authHeader(init)).toBe('Bearer link-access');
    expect(JSON.parse(String(init?.body))).toEqual({ password: 'new-secret' });

    await act(async () => answer(jsonResponse(200, makeUser())));
    expect(screen.getByTestId('reset-success').textContent).toContain('¡Contraseña Actualizada!');
    await advance(1999);
    expect(window.location.pathname).toBe('/reset-password');
    await advance(1);
    expect(window.location.pathname).not.toBe('/reset-password');
  });

  it.each([
    [
      jsonResponse(400, { error: { code: 'validation_failed', message: 'Password should be at least 6 characters' } }),
      'Algunos datos no son válidos. Revísalos y vuelve a intentarlo.',
    ],
    [jsonResponse(500, {}), 'Error al actualizar la contraseña'],
  ])('shows why the update failed (%#)', async (response, shown) => {
    await openForm(() => response);
    type('new-password', 'new-secret');
    type('confirm-password', 'new-secret');
    fireEvent.click(submit());
    await advance(0);
    expect(screen.getByTestId('reset-form-error').textContent).toBe(shown);
    expect(submit().disabled).toBe(false);
  });
});
