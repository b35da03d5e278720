import { authClientSuite } from '../../../test/auth-client-harness';
import { makeProfile, makeSession, storedSession, storeSession } from '../../../test/auth-fixtures';
import { ApiError } from '../../lib/http';
import type { AuthApi } from './api/auth.api';
import { AuthClient, REFRESH_MARGIN_S, REFRESH_RETRY_MS } from './auth-client';

const refused = () => new ApiError(400, 'invalid_grant', 'Invalid Refresh Token');

const t = authClientSuite();

describe('AuthClient: refresh', () => {
  it(`refreshes ${REFRESH_MARGIN_S} s before expiry and always keeps the rotated refresh token`, async () => {
    const first = makeSession(3600);
    storeSession(first);
    t.start();
    const second = makeSession(3600 + 3540);
    t.api.refreshGrant.mockResolvedValueOnce(second);

    await jest.advanceTimersByTimeAsync((3600 - REFRESH_MARGIN_S) * 1000 - 1);
    expect(t.api.refreshGrant).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(t.api.refreshGrant).toHaveBeenCalledWith(first.refresh_token);
    expect(storedSession()).toEqual(second);
    expect(t.client.getState().session).toEqual(second);
    expect(t.changes.at(-1)).toMatchObject({ event: 'TOKEN_REFRESHED', session: second });

    const third = makeSession(7200);
    t.api.refreshGrant.mockResolvedValueOnce(third);
    await jest.advanceTimersByTimeAsync(3600 * 1000);
    expect(t.api.refreshGrant).toHaveBeenCalledTimes(2);
    expect(t.api.refreshGrant).toHaveBeenLastCalledWith(second.refresh_token);
    expect(storedSession()).toEqual(third);
  });

  it('refreshes at start-up when the stored token is about to expire, then announces the new session', async () => {
    const stale = makeSession(30);
    storeSession(stale);
    const fresh = makeSession(3600);
    t.api.refreshGrant.mockResolvedValue(fresh);
    t.start();
    expect(t.client.getState().status).toBe('loading');
    await jest.advanceTimersByTimeAsync(0);
    expect(t.api.refreshGrant).toHaveBeenCalledTimes(1);
    expect(t.api.refreshGrant).toHaveBeenCalledWith(stale.refresh_token);
    expect(t.changes).toEqual([{ event: 'INITIAL_SESSION', session: fresh, profile: makeProfile() }]);
    expect(t.client.getState().status).toBe('authenticated');
  });

  it('signs out locally when the refresh token is refused', async () => {
    storeSession(makeSession(3600));
    t.start();
    t.api.refreshGrant.mockRejectedValue(refused());
    await jest.advanceTimersByTimeAsync(3600 * 1000);
    expect(t.client.getState().status).toBe('anonymous');
    expect(storedSession()).toBeNull();
    expect(t.events()).toEqual(['INITIAL_SESSION', 'SIGNED_OUT']);
    expect(t.api.logout).not.toHaveBeenCalled();
  });

  it('ends a start-up with a refused refresh token as signed out', async () => {
    storeSession(makeSession(10));
    t.api.refreshGrant.mockRejectedValue(new ApiError(401, 'unauthorized', 'Invalid Refresh Token'));
    t.start();
    await jest.advanceTimersByTimeAsync(0);
    expect(t.changes).toEqual([{ event: 'INITIAL_SESSION', session: null, profile: null }]);
    expect(storedSession()).toBeNull();
  });

  it('keeps the session and tries again later when the refresh fails for a passing reason', async () => {
    const session = makeSession(3600);
    storeSession(session);
    t.start();
    t.api.refreshGrant.mockRejectedValueOnce(new ApiError(0, 'network', ''));
    await jest.advanceTimersByTimeAsync((3600 - REFRESH_MARGIN_S) * 1000);
    expect(t.api.refreshGrant).toHaveBeenCalledTimes(1);
    expect(t.client.getState().session).toEqual(session);

    const fresh = makeSession(3600);
    t.api.refreshGrant.mockResolvedValueOnce(fresh);
    await jest.advanceTimersByTimeAsync(REFRESH_RETRY_MS);
    expect(t.api.refreshGrant).toHaveBeenCalledTimes(2);
    expect(t.client.getState().session).toEqual(fresh);
  });

  it('spends a refresh token once even when several callers refresh together', async () => {
    storeSession(makeSession(3600));
    t.start();
    const fresh = makeSession(3600);
    t.api.refreshGrant.mockResolvedValue(fresh);
    const results = await Promise.all([t.client.refreshSession(), t.client.refreshSession(), t.client.refreshSession()]);
    expect(t.api.refreshGrant).toHaveBeenCalledTimes(1);
    expect(results).toEqual([fresh, fresh, fresh]);
  });

  it('adopts what another tab already rotated instead of spending the old token', async () => {
    storeSession(makeSession(3600));
    t.start();
    await jest.advanceTimersByTimeAsync(0);
    const rotatedElsewhere = makeSession(3600);
    storeSession(rotatedElsewhere);
    await t.client.refreshSession();
    expect(t.api.refreshGrant).not.toHaveBeenCalled();
    expect(t.client.getState().session).toEqual(rotatedElsewhere);
  });

  it('does not sign out when a refusal only means another tab rotated the token first', async () => {
    const mine = makeSession(3600);
    storeSession(mine);
    t.start();
    const theirs = makeSession(3600);
    t.api.refreshGrant.mockImplementation(async () => {
      storeSession(theirs);
      throw refused();
    });
    await t.client.refreshSession();
    expect(t.client.getState().session).toEqual(theirs);
    expect(storedSession()).toEqual(theirs);
  });

  it('lets two tabs that refresh together spend the token once when they share a lock', async () => {
    storeSession(makeSession(30));
    let tail: Promise<unknown> = Promise.resolve();
    const locks = {
      request<T>(_name: string, callback: () => Promise<T>): Promise<T> {
        const run = tail.then(callback);
        tail = run.catch(() => undefined);
        return run;
      },
    };
    const fresh = makeSession(3600);
    t.api.refreshGrant.mockResolvedValue(fresh);
    const tabA = new AuthClient({ api: t.api as unknown as AuthApi, locks });
    const tabB = new AuthClient({ api: t.api as unknown as AuthApi, locks });
    const [a, b] = await Promise.all([tabA.refreshSession(), tabB.refreshSession()]);
    expect(t.api.refreshGrant).toHaveBeenCalledTimes(1);
    expect(a).toEqual(fresh);
    expect(b).toEqual(fresh);
    expect(tabB.getState().session).toEqual(fresh);
  });
});
