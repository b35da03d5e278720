import { fakeApi, otherTabWrites, startTestClient, type MockApi } from '../../../test/auth-client-harness';
import {
  authHeader,
  makeProfile,
  makeSession,
  makeUser,
  routeFetch,
  storedSession,
  storeSession,
} from '../../../test/auth-fixtures';
import { jsonResponse } from '../../../test/render-app';
import { ApiError } from '../../lib/http';
import type { AuthClient } from './auth-client';
import type { AuthChange } from './auth-types';
import { SESSION_STORAGE_KEY } from './session-store';

let api: MockApi;
let client: AuthClient;
let changes: AuthChange[];

function startClient(): AuthClient {
  ({ client, changes } = startTestClient(api));
  return client;
}

const events = () => changes.map((change) => change.event);

beforeEach(() => {
  jest.useFakeTimers({ now: new Date('2026-03-01T12:00:00Z') });
  window.localStorage.clear();
  api = fakeApi();
});

afterEach(() => {
  client?.stop();
  jest.useRealTimers();
});

describe('AuthClient: start-up and persistence', () => {
  it('announces INITIAL_SESSION without a session and asks nothing of the server', async () => {
    startClient();
    await jest.advanceTimersByTimeAsync(0);
    expect(events()).toEqual(['INITIAL_SESSION']);
    expect(changes[0]).toEqual({ event: 'INITIAL_SESSION', session: null, profile: null });
    expect(client.getState()).toMatchObject({ status: 'anonymous', user: null, profile: null, profileLoading: false });
    expect(api.getProfile).not.toHaveBeenCalled();
  });

  it('restores a stored session, loads its profile and announces both', async () => {
    const session = makeSession();
    storeSession(session);
    startClient();
    expect(client.getState()).toMatchObject({ status: 'authenticated', session, user: session.user, profileLoading: true });
    await jest.advanceTimersByTimeAsync(0);
    expect(api.getProfile).toHaveBeenCalledWith(session.access_token);
    expect(changes).toEqual([{ event: 'INITIAL_SESSION', session, profile: makeProfile() }]);
    expect(client.getState()).toMatchObject({ profile: makeProfile(), profileLoading: false });
  });

  it('treats an unreadable stored value as signed out and removes it', async () => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, '{"access_token":42}');
    startClient();
    await jest.advanceTimersByTimeAsync(0);
    expect(client.getState().status).toBe('anonymous');
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('persists a password sign-in and clears everything on sign-out, telling the server', async () => {
    startClient();
    const session = makeSession();
    api.passwordGrant.mockResolvedValue(session);
    await client.signInWithPassword('ana.garcia@example.com', 'secret1');
    await jest.advanceTimersByTimeAsync(0);
    expect(api.passwordGrant).toHaveBeenCalledWith({ email: 'ana.garcia@example.com', password: 'secret1' });
    expect(storedSession()).toEqual(session);
    expect(changes.at(-1)).toEqual({ event: 'SIGNED_IN', session, profile: makeProfile() });

    api.logout.mockRejectedValue(new ApiError(0, 'network', ''));
    await client.signOut();
    expect(api.logout).toHaveBeenCalledWith(session.access_token);
    expect(storedSession()).toBeNull();
    expect(client.getState()).toMatchObject({ status: 'anonymous', session: null, user: null, profile: null });
    expect(changes.at(-1)).toEqual({ event: 'SIGNED_OUT', session: null, profile: null });
  });

  it('signs up without a session while the e-mail confirmation is pending', async () => {
    startClient();
    api.signup.mockResolvedValue({ user: makeUser(), session: null });
    const answer = await client.signUp({ email: 'ana.garcia@example.com', password: 'secret1', name: 'Ana' });
    expect(answer.session).toBeNull();
    expect(client.getState().status).toBe('anonymous');
    expect(storedSession()).toBeNull();
  });

  it('keeps the profile empty when it cannot be loaded', async () => {
    api.getProfile.mockRejectedValue(new ApiError(500, 'internal', 'boom'));
    storeSession(makeSession());
    startClient();
    await jest.advanceTimersByTimeAsync(0);
    expect(client.getState()).toMatchObject({ status: 'authenticated', profile: null, profileLoading: false });
  });
});

describe('AuthClient: other tabs and other events', () => {
  it('follows sign-in, refresh and sign-out made in another tab', async () => {
    startClient();
    await jest.advanceTimersByTimeAsync(0);
    const session = makeSession();
    otherTabWrites(session);
    await jest.advanceTimersByTimeAsync(0);
    expect(client.getState().session).toEqual(session);

    const refreshed = { ...makeSession(), user: session.user };
    otherTabWrites(refreshed);
    await jest.advanceTimersByTimeAsync(0);
    otherTabWrites(null);
    await jest.advanceTimersByTimeAsync(0);
    expect(events()).toEqual(['INITIAL_SESSION', 'SIGNED_IN', 'TOKEN_REFRESHED', 'SIGNED_OUT']);
    expect(client.getState().status).toBe('anonymous');
  });

  it('establishes a recovery session from the link tokens after the server confirms them', async () => {
    startClient();
    const user = makeUser();
    const session = await client.setSessionFromLink(
      { accessToken: 'recovery-access', refreshToken: 'r'.repeat(40), expiresIn: 3600 },
      'PASSWORD_RECOVERY',
    );
    await jest.advanceTimersByTimeAsync(0);
    expect(api.getUser).toHaveBeenCalledWith('recovery-access');
    expect(session).toEqual({
      access_token: 'recovery-access',
      token_type: 'bearer',
      expires_in: 3600,
      expires_at: Math.floor(Date.now() / 1000) + 3600,
      refresh_token: 'r'.repeat(40),
      user,
    });
    expect(storedSession()).toEqual(session);
    expect(changes.at(-1)).toMatchObject({ event: 'PASSWORD_RECOVERY', session });
  });

  it('updates the user with the Bearer header and announces USER_UPDATED', async () => {
    const session = makeSession();
    storeSession(session);
    startClient();
    const renamed = makeUser({ user_metadata: { name: 'Ana', full_name: 'Ana' } });
    const fetchMock = routeFetch({ 'PUT /api/auth/user': () => jsonResponse(200, renamed) });
    await client.updateUser({ name: 'Ana' });
    await jest.advanceTimersByTimeAsync(0);
    expect(authHeader(fetchMock.mock.calls[0][1])).toBe(`Bearer ${session.access_token}`);
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ name: 'Ana' });
    expect(client.getState().user).toEqual(renamed);
    expect(storedSession()?.user).toEqual(renamed);
    expect(events().at(-1)).toBe('USER_UPDATED');
  });

  it('retries an authed request once with a refreshed token after a 401', async () => {
    const session = makeSession();
    storeSession(session);
    startClient();
    const fresh = makeSession();
    api.refreshGrant.mockResolvedValue(fresh);
    const seen: (string | null)[] = [];
    routeFetch({
      'GET /api/rooms': (init) => {
        seen.push(authHeader(init));
        return seen.length === 1 ? jsonResponse(401, { error: { code: 'unauthorized', message: 'Expired' } }) : jsonResponse(200, []);
      },
    });
    await expect(client.request('/api/rooms')).resolves.toEqual([]);
    expect(seen).toEqual([`Bearer ${session.access_token}`, `Bearer ${fresh.access_token}`]);
  });

  it('sends no Authorization header when signed out', async () => {
    startClient();
    const fetchMock = routeFetch({ 'GET /api/view/x': () => jsonResponse(200, {}) });
    await client.request('/api/view/x');
    expect(authHeader(fetchMock.mock.calls[0][1])).toBeNull();
  });
});
