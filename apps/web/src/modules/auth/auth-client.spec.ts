import { authClientSuite, otherTabWrites } from '../../../test/auth-client-harness';
import { authHeader, makeProfile, makeSession, makeUser, routeFetch, storedSession, storeSession } from '../../../test/auth-fixtures';
import { jsonResponse } from '../../../test/render-app';
import { ApiError } from '../../lib/http';
import { SESSION_STORAGE_KEY } from './session-store';

const t = authClientSuite();

describe('AuthClient: start-up and persistence', () => {
  it('announces INITIAL_SESSION without a session and asks nothing of the server', async () => {
    t.start();
    await jest.advanceTimersByTimeAsync(0);
    expect(t.events()).toEqual(['INITIAL_SESSION']);
    expect(t.changes[0]).toEqual({ event: 'INITIAL_SESSION', session: null, profile: null });
    expect(t.client.getState()).toMatchObject({ status: 'anonymous', user: null, profile: null, profileLoading: false });
    expect(t.api.getProfile).not.toHaveBeenCalled();
  });

  it('restores a stored session, loads its profile and announces both', async () => {
    const session = makeSession();
    storeSession(session);
    t.start();
    expect(t.client.getState()).toMatchObject({ status: 'authenticated', session, user: session.user, profileLoading: true });
    await jest.advanceTimersByTimeAsync(0);
    expect(t.api.getProfile).toHaveBeenCalledWith(session.access_token);
    expect(t.changes).toEqual([{ event: 'INITIAL_SESSION', session, profile: makeProfile() }]);
    expect(t.client.getState()).toMatchObject({ profile: makeProfile(), profileLoading: false });
  });

  it('treats an unreadable stored value as signed out and removes it', async () => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, '{"access_token":42}');
    t.start();
    await jest.advanceTimersByTimeAsync(0);
    expect(t.client.getState().status).toBe('anonymous');
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('persists a password sign-in and clears everything on sign-out, telling the server', async () => {
    t.start();
    const session = makeSession();
    t.api.passwordGrant.mockResolvedValue(session);
    await t.client.signInWithPassword('ana.garcia@example.com', 'secret1');
    await jest.advanceTimersByTimeAsync(0);
    expect(t.api.passwordGrant).toHaveBeenCalledWith({ email: 'ana.garcia@example.com', password: 'secret1' });
    expect(storedSession()).toEqual(session);
    expect(t.changes.at(-1)).toEqual({ event: 'SIGNED_IN', session, profile: makeProfile() });

    t.api.logout.mockRejectedValue(new ApiError(0, 'network', ''));
    await t.client.signOut();
    expect(t.api.logout).toHaveBeenCalledWith(session.access_token);
    expect(storedSession()).toBeNull();
    expect(t.client.getState()).toMatchObject({ status: 'anonymous', session: null, user: null, profile: null });
    expect(t.changes.at(-1)).toEqual({ event: 'SIGNED_OUT', session: null, profile: null });
  });

  it('signs up without a session while the e-mail confirmation is pending', async () => {
    t.start();
    t.api.signup.mockResolvedValue({ user: makeUser(), session: null });
    const answer = await t.client.signUp({ email: 'ana.garcia@example.com', password: 'secret1', name: 'Ana' });
    expect(answer.session).toBeNull();
    expect(t.client.getState().status).toBe('anonymous');
    expect(storedSession()).toBeNull();
  });

  it('keeps the profile empty when it cannot be loaded', async () => {
    t.api.getProfile.mockRejectedValue(new ApiError(500, 'internal', 'boom'));
    storeSession(makeSession());
    t.start();
    await jest.advanceTimersByTimeAsync(0);
    expect(t.client.getState()).toMatchObject({ status: 'authenticated', profile: null, profileLoading: false });
  });
});

describe('AuthClient: other tabs and other events', () => {
  it('follows sign-in, refresh and sign-out made in another tab', async () => {
    t.start();
    await jest.advanceTimersByTimeAsync(0);
    const session = makeSession();
    otherTabWrites(session);
    await jest.advanceTimersByTimeAsync(0);
    expect(t.client.getState().session).toEqual(session);

    const refreshed = { ...makeSession(), user: session.user };
    otherTabWrites(refreshed);
    await jest.advanceTimersByTimeAsync(0);
    otherTabWrites(null);
    await jest.advanceTimersByTimeAsync(0);
    expect(t.events()).toEqual(['INITIAL_SESSION', 'SIGNED_IN', 'TOKEN_REFRESHED', 'SIGNED_OUT']);
    expect(t.client.getState().status).toBe('anonymous');
  });

  it('establishes a recovery session from the link tokens after the server confirms them', async () => {
    t.start();
    const user = makeUser();
    const session = await t.client.setSessionFromLink(
      { accessToken: 'recovery-access', refreshToken: 'r'.repeat(40), expiresIn: 3600 },
      'PASSWORD_RECOVERY',
    );
    await jest.advanceTimersByTimeAsync(0);
    expect(t.api.getUser).toHaveBeenCalledWith('recovery-access');
    expect(session).toEqual({
      access_token: 'recovery-access',
      token_type: 'bearer',
      expires_in: 3600,
      expires_at: Math.floor(Date.now() / 1000) + 3600,
      refresh_token: 'r'.repeat(40),
      user,
    });
    expect(storedSession()).toEqual(session);
    expect(t.changes.at(-1)).toMatchObject({ event: 'PASSWORD_RECOVERY', session });
  });

  it('updates the user with the Bearer header and announces USER_UPDATED', async () => {
    const session = makeSession();
    storeSession(session);
    t.start();
    const renamed = makeUser({ user_metadata: { name: 'Ana', full_name: 'Ana' } });
    const fetchMock = routeFetch({ 'PUT /api/auth/user': () => jsonResponse(200, renamed) });
    await t.client.updateUser({ name: 'Ana' });
    await jest.advanceTimersByTimeAsync(0);
    expect(authHeader(fetchMock.mock.calls[0][1])).toBe(`Bearer ${session.access_token}`);
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ name: 'Ana' });
    expect(t.client.getState().user).toEqual(renamed);
    expect(storedSession()?.user).toEqual(renamed);
    expect(t.events().at(-1)).toBe('USER_UPDATED');
  });

  it('retries an authed request once with a refreshed token after a 401', async () => {
    const session = makeSession();
    storeSession(session);
    t.start();
    const fresh = makeSession();
    t.api.refreshGrant.mockResolvedValue(fresh);
    const seen: (string | null)[] = [];
    routeFetch({
      'GET /api/rooms': (init) => {
        seen.push(authHeader(init));
        return seen.length === 1 ? jsonResponse(401, { error: { code: 'unauthorized', message: 'Expired' } }) : jsonResponse(200, []);
      },
    });
    await expect(t.client.request('/api/rooms')).resolves.toEqual([]);
    expect(seen).toEqual([`Bearer ${session.access_token}`, `Bearer ${fresh.access_token}`]);
  });

  it('sends no Authorization header when signed out', async () => {
    t.start();
    const fetchMock = routeFetch({ 'GET /api/view/x': () => jsonResponse(200, {}) });
    await t.client.request('/api/view/x');
    expect(authHeader(fetchMock.mock.calls[0][1])).toBeNull();
  });
});
