import type { AuthSession } from '@lt/contracts';
import type { AuthApi } from '../src/modules/auth/api/auth.api';
import { AuthClient } from '../src/modules/auth/auth-client';
import type { AuthChange } from '../src/modules/auth/auth-types';
import { SESSION_STORAGE_KEY } from '../src/modules/auth/session-store';
import { makeProfile, makeUser, storeSession } from './auth-fixtures';

export type MockApi = { [K in keyof AuthApi]: jest.Mock };

export function fakeApi(): MockApi {
  return {
    signup: jest.fn(),
    passwordGrant: jest.fn(),
    refreshGrant: jest.fn(),
    idTokenGrant: jest.fn(),
    logout: jest.fn().mockResolvedValue(undefined),
    recover: jest.fn().mockResolvedValue({}),
    getUser: jest.fn().mockResolvedValue(makeUser()),
    getProfile: jest.fn().mockResolvedValue(makeProfile()),
  };
}

/** A started client over a fake API, recording every announced change; no cross-tab lock, as in jsdom. */
export function startTestClient(api: MockApi) {
  const client = new AuthClient({ api: api as unknown as AuthApi, locks: null });
  const changes: AuthChange[] = [];
  client.onAuthStateChange((change) => changes.push(change));
  client.start();
  return { client, changes, events: () => changes.map((change) => change.event) };
}

/** What the storage event of another tab looks like here. */
export function otherTabWrites(session: AuthSession | null): void {
  storeSession(session);
  window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY }));
}
