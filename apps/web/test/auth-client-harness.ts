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

/**
 * The fixture of AuthClient specs: a fake clock, clean storage and a fresh fake API before each test, the
 * client stopped after it. `start()` starts a client; `client`, `changes` and `events()` describe it.
 */
export function authClientSuite() {
  const suite = {
    api: fakeApi(),
    client: undefined as unknown as AuthClient,
    changes: [] as AuthChange[],
    start(): AuthClient {
      ({ client: suite.client, changes: suite.changes } = startTestClient(suite.api));
      return suite.client;
    },
    events: () => suite.changes.map((change) => change.event),
  };
  beforeEach(() => {
    jest.useFakeTimers({ now: new Date('2026-03-01T12:00:00Z') });
    window.localStorage.clear();
    suite.api = fakeApi();
    suite.client = undefined as unknown as AuthClient;
  });
  afterEach(() => {
    suite.client?.stop();
    jest.useRealTimers();
  });
  return suite;
}
