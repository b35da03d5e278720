import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import Keycloak from 'keycloak-js';
import { makeProfile, makeSession, makeUser, routeFetch, storedSession } from '../../../../test/auth-fixtures';
import { jsonResponse, renderApp, preloadPages } from '../../../../test/render-app';
import { SOCIAL_PROVIDER_KEY } from '../social-sign-in';

beforeAll(preloadPages);

jest.mock('keycloak-js', () => ({ __esModule: true, default: jest.fn() }));

const KeycloakMock = Keycloak as unknown as jest.Mock;

const dialog = () => screen.getByRole('dialog');
const title = () => within(dialog()).getByRole('heading', { level: 2 }).textContent;
const field = (id: string) => screen.getByTestId(id) as HTMLInputElement;
const submit = () => screen.getByTestId('auth-submit') as HTMLButtonElement;
const type = (id: string, value: string) => fireEvent.change(field(id), { target: { value } });

function openModal(path = '/') {
  renderApp(path);
  // A real click focuses the button; jsdom's does not.
  screen.getByTestId('login-button').focus();
  fireEvent.click(screen.getByTestId('login-button'));
}

function pending<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  KeycloakMock.mockReset();
  routeFetch({});
});

describe('Authentication modal: modes and texts', () => {
  it('opens from the Login button in login mode, as a modal dialog', () => {
    openModal();
    expect(screen.getByTestId('login-button').textContent).toBe('Login');
    expect(dialog().getAttribute('aria-modal')).toBe('true');
    expect(title()).toBe('Welcome Back');
    expect(screen.getByTestId('auth-to-signup').textContent).toBe("Don't have an account? Create one now");
    expect(screen.getByTestId('auth-forgot').textContent).toBe('Forgot your password?');
    expect(screen.getByText('Or continue with')).toBeTruthy();
    expect(screen.getByTestId('auth-google').textContent).toBe('Continue with Google');
    expect(screen.getByTestId('auth-apple').textContent).toBe('Continue with Apple');
    expect(screen.queryByTestId('auth-name')).toBeNull();
    expect(field('auth-email').type).toBe('email');
    expect(field('auth-email').required).toBe(true);
    expect(field('auth-password').required).toBe(true);
    expect(field('auth-password').minLength).toBe(6);
    expect(document.activeElement).toBe(field('auth-email'));
  });

  it('switches to signup and to reset, showing each mode’s parts only', () => {
    openModal();
    fireEvent.click(screen.getByTestId('auth-to-signup'));
    expect(title()).toBe('Create Account');
    expect(field('auth-name').required).toBe(false);
    expect(screen.getByTestId('auth-to-login').textContent).toBe('Already have an account? Sign in');
    expect(screen.queryByTestId('auth-forgot')).toBeNull();
    expect(screen.getByTestId('auth-google')).toBeTruthy();

    fireEvent.click(screen.getByTestId('auth-to-login'));
    fireEvent.click(screen.getByTestId('auth-forgot'));
    expect(title()).toBe('Reset Password');
    expect(screen.queryByTestId('auth-password')).toBeNull();
    expect(screen.queryByTestId('auth-google')).toBeNull();
    expect(screen.queryByTestId('auth-apple')).toBeNull();
    expect(screen.queryByText('Or continue with')).toBeNull();
    expect(field('auth-email').required).toBe(true);
  });

  it('opens in the mode that navigation state asks for, once', () => {
    renderApp('/', { showAuth: true, mode: 'reset' });
    expect(title()).toBe('Reset Password');
    expect(window.history.state?.usr ?? null).toBeNull();
  });
});

describe('Authentication modal: submitting', () => {
  it('signs in, closes and goes to the dashboard; the submit is disabled while busy', async () => {
    const session = makeSession();
    const answer = pending<Response>();
    const fetchMock = routeFetch({
      'POST /api/auth/token?grant_type=password': () => answer.promise,
      'GET /api/profile': () => jsonResponse(200, makeProfile()),
    });
    openModal();
    type('auth-email', ' ana.garcia@example.com ');
    type('auth-password', 'secret1');
    fireEvent.click(submit());

    await waitFor(() => expect(submit().textContent).toBe('Please wait...'));
    expect(submit().disabled).toBe(true);
    expect((screen.getByTestId('auth-google') as HTMLButtonElement).disabled).toBe(true);
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ email: 'ana.garcia@example.com', password: 'secret1' });

    await act(async () => answer.resolve(jsonResponse(200, session)));
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(storedSession()).toEqual(session);
  });

  it("shows the text of the server's error code in an alert", async () => {
    routeFetch({
      'POST /api/auth/token?grant_type=password': () =>
        jsonResponse(400, { error: { code: 'invalid_credentials', message: 'Invalid login credentials' } }),
    });
    openModal();
    type('auth-email', 'ana.garcia@example.com');
    type('auth-password', 'wrong-one');
    fireEvent.click(submit());
    const error = await screen.findByTestId('auth-error');
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.textContent).toBe('The email or password you entered is incorrect. Please double-check your credentials.');
    expect(submit().textContent).toBe('Sign In');
    expect(dialog()).toBeTruthy();
  });

  it('asks for both e-mail and password before calling the server', () => {
    const fetchMock = routeFetch({});
    openModal();
    fireEvent.submit(submit().closest('form') as HTMLFormElement);
    expect(screen.getByTestId('auth-error').textContent).toBe('You must provide either an email or phone number and a password');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('tells the visitor to check the e-mail when sign-up opens no session', async () => {
    const fetchMock = routeFetch({
      'POST /api/auth/signup': () => jsonResponse(200, { user: makeUser(), session: null }),
    });
    openModal();
    fireEvent.click(screen.getByTestId('auth-to-signup'));
    type('auth-name', '  Ana  ');
    type('auth-email', 'ana.garcia@example.com');
    type('auth-password', 'secret1');
    fireEvent.click(submit());
    expect((await screen.findByTestId('auth-notice')).textContent).toContain('check your email');
    expect(title()).toBe('Welcome Back');
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({
      email: 'ana.garcia@example.com',
      password: 'secret1',
      name: 'Ana',
    });
    expect(window.location.pathname).toBe('/');
  });

  it('confirms a reset request, labelled Enviando... while busy, and goes back to login with the e-mail cleared', async () => {
    const answer = pending<Response>();
    routeFetch({ 'POST /api/auth/recover': () => answer.promise });
    openModal();
    fireEvent.click(screen.getByTestId('auth-forgot'));
    type('auth-email', 'ana.garcia@example.com');
    fireEvent.click(submit());
    await waitFor(() => expect(submit().textContent).toBe('Sending...'));
    expect(submit().disabled).toBe(true);

    await act(async () => answer.resolve(jsonResponse(200, {})));
    const sent = await screen.findByTestId('auth-reset-sent');
    expect(sent.textContent).toContain('ana.garcia@example.com');
    fireEvent.click(screen.getByTestId('auth-back-to-login'));
    expect(title()).toBe('Welcome Back');
    expect(field('auth-email').value).toBe('');
  });

  it('maps reset errors', async () => {
    routeFetch({
      'POST /api/auth/recover': () => jsonResponse(400, { error: { code: 'email_not_confirmed', message: 'Email not confirmed' } }),
    });
    openModal();
    fireEvent.click(screen.getByTestId('auth-forgot'));
    type('auth-email', 'ana.garcia@example.com');
    fireEvent.click(submit());
    expect((await screen.findByTestId('auth-error')).textContent).toBe('Please confirm your email before resetting your password.');
  });
});

describe('Authentication modal: closing', () => {
  it('clears the fields and the error and comes back in login mode', async () => {
    routeFetch({
      'POST /api/auth/signup': () => jsonResponse(400, { error: { code: 'already_registered', message: 'User already registered' } }),
    });
    renderApp('/', { showAuth: true, mode: 'signup' });
    type('auth-email', 'ana.garcia@example.com');
    type('auth-password', 'secret1');
    fireEvent.click(submit());
    await screen.findByTestId('auth-error');

    fireEvent.click(screen.getByTestId('auth-close'));
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByTestId('login-button'));
    expect(title()).toBe('Welcome Back');
    expect(field('auth-email').value).toBe('');
    expect(screen.queryByTestId('auth-error')).toBeNull();
  });

  it('closes on Escape and returns focus to the Login button', () => {
    openModal();
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId('login-button'));
  });

  it('keeps Tab and Shift+Tab inside the dialog', () => {
    openModal();
    const close = screen.getByTestId('auth-close');
    const last = screen.getByTestId('auth-to-signup');
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });
});

describe('Authentication modal: social sign-in', () => {
  it('says why Google and Apple fail when Keycloak is not configured', async () => {
    routeFetch({ 'GET /config.json': () => jsonResponse(200, { languages: [], limits: { roomNameMax: 50 }, keycloak: null }) });
    openModal();
    fireEvent.click(screen.getByTestId('auth-google'));
    expect((await screen.findByTestId('auth-error')).textContent).toBe(
      'Google sign in failed: Sign-in with Google or Apple is not configured',
    );
    fireEvent.click(screen.getByTestId('auth-apple'));
    await waitFor(() =>
      expect(screen.getByTestId('auth-error').textContent).toBe('Apple sign in failed: Sign-in with Google or Apple is not configured'),
    );
    expect(KeycloakMock).not.toHaveBeenCalled();
  });

  it('hands over to Keycloak with the provider hint and the callback address', async () => {
    const keycloak = { init: jest.fn().mockResolvedValue(false), login: jest.fn(() => new Promise(() => undefined)) };
    KeycloakMock.mockImplementation(() => keycloak);
    const config = { url: 'http://127.0.0.1:18090', realm: 'lt', clientId: 'web' };
    routeFetch({ 'GET /config.json': () => jsonResponse(200, { languages: [], limits: { roomNameMax: 50 }, keycloak: config }) });
    openModal();
    fireEvent.click(screen.getByTestId('auth-apple'));
    await waitFor(() => expect(keycloak.login).toHaveBeenCalled());
    expect(KeycloakMock).toHaveBeenCalledWith(config);
    expect(keycloak.init).toHaveBeenCalledWith({ checkLoginIframe: false, pkceMethod: 'S256', responseMode: 'query' });
    expect(keycloak.login).toHaveBeenCalledWith({ idpHint: 'apple', redirectUri: `${window.location.origin}/auth/callback` });
    expect(window.sessionStorage.getItem(SOCIAL_PROVIDER_KEY)).toBe('apple');
    expect(submit().textContent).toBe('Please wait...');
  });

  it('says that the sign-in failed when Keycloak cannot start, without its English message', async () => {
    KeycloakMock.mockImplementation(() => ({ init: jest.fn().mockRejectedValue(new Error('Network down')), login: jest.fn() }));
    routeFetch({
      'GET /config.json': () =>
        jsonResponse(200, { languages: [], limits: { roomNameMax: 50 }, keycloak: { url: 'http://kc', realm: 'lt', clientId: 'web' } }),
    });
    openModal();
    fireEvent.click(screen.getByTestId('auth-google'));
    expect((await screen.findByTestId('auth-error')).textContent).toBe('Google sign in failed');
  });
});
