import { screen, waitFor } from '@testing-library/react';
import Keycloak from 'keycloak-js';
import { makeProfile, makeSession, routeFetch, storedSession } from '../../test/auth-fixtures';
import { jsonResponse, renderApp, preloadPages } from '../../test/render-app';
import { SOCIAL_PROVIDER_KEY } from '../modules/auth/social-sign-in';

beforeAll(preloadPages);

jest.mock('keycloak-js', () => ({ __esModule: true, default: jest.fn() }));

const KeycloakMock = Keycloak as unknown as jest.Mock;
const KEYCLOAK = { url: 'http://127.0.0.1:18090', realm: 'lt', clientId: 'web' };
let visit = 0;

function callbackUrl(): string {
  visit += 1;
  return `/auth/callback?state=state-${visit}&session_state=s&code=code-${visit}`;
}

function keycloakAnswers(init: () => Promise<boolean>, idToken?: string) {
  const instance = { init: jest.fn(init), idToken };
  KeycloakMock.mockImplementation(() => instance);
  return instance;
}

function server(grant: () => Response, keycloak: typeof KEYCLOAK | null = KEYCLOAK) {
  return routeFetch({
    'GET /config.json': () => jsonResponse(200, { languages: [], limits: { roomNameMax: 50 }, keycloak }),
    'POST /api/auth/token?grant_type=id_token': grant,
    'GET /api/profile': () => jsonResponse(200, makeProfile()),
  });
}

const shownError = async () => (await screen.findByTestId('auth-callback-error')).textContent;

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.sessionStorage.setItem(SOCIAL_PROVIDER_KEY, 'google');
  KeycloakMock.mockReset();
});

describe('Social sign-in callback', () => {
  it("trades Keycloak's ID token for our session and opens the dashboard", async () => {
    const session = makeSession();
    const keycloak = keycloakAnswers(() => Promise.resolve(true), 'kc-id-token-0123456789');
    const fetchMock = server(() => jsonResponse(200, session));
    renderApp(callbackUrl());
    expect(screen.getByTestId('auth-callback-pending')).toBeTruthy();

    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
    expect(KeycloakMock).toHaveBeenCalledWith(KEYCLOAK);
    expect(keycloak.init).toHaveBeenCalledWith({ checkLoginIframe: false, pkceMethod: 'S256', responseMode: 'query' });
    const grant = fetchMock.mock.calls.find(([url]) => String(url).includes('grant_type=id_token'));
    expect(JSON.parse(String(grant?.[1]?.body))).toEqual({ provider: 'google', id_token: 'kc-id-token-0123456789' });
    expect(storedSession()).toEqual(session);
    expect(window.sessionStorage.getItem(SOCIAL_PROVIDER_KEY)).toBeNull();
  });

  it('says in the interface language that the sign-in failed, with a way home', async () => {
    keycloakAnswers(() => Promise.reject({ error: 'access_denied', error_description: 'User cancelled login' }));
    server(() => jsonResponse(500, {}));
    renderApp(callbackUrl());
    expect(await shownError()).toBe('Google sign in failed');
    expect(screen.getByTestId('auth-callback-home').getAttribute('href')).toBe('/');
    expect(storedSession()).toBeNull();
  });

  it("falls back to 'Apple sign in failed' when there is no ID token", async () => {
    window.sessionStorage.setItem(SOCIAL_PROVIDER_KEY, 'apple');
    keycloakAnswers(() => Promise.resolve(false));
    server(() => jsonResponse(500, {}));
    renderApp(callbackUrl());
    expect(await shownError()).toBe('Apple sign in failed');
  });

  it('shows the text of the code with which the server refuses the ID token', async () => {
    keycloakAnswers(() => Promise.resolve(true), 'kc-id-token-0123456789');
    server(() => jsonResponse(401, { error: { code: 'bad_oauth_token', message: 'Invalid ID token' } }));
    renderApp(callbackUrl());
    expect(await shownError()).toBe('The sign-in with the provider could not be verified.');
  });

  it('says social sign-in is not configured when /config.json names no Keycloak', async () => {
    server(() => jsonResponse(500, {}), null);
    renderApp(callbackUrl());
    expect(await shownError()).toBe('Google sign in failed: Sign-in with Google or Apple is not configured');
    expect(KeycloakMock).not.toHaveBeenCalled();
  });

  it('fails plainly when this tab never started a social sign-in', async () => {
    window.sessionStorage.clear();
    server(() => jsonResponse(500, {}));
    renderApp(callbackUrl());
    expect(await shownError()).toBe('An unexpected error occurred. Please try again.');
  });
});
