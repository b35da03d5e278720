import type { AuthSession, AuthUser, ProfileResponse } from '@lt/contracts';
import { SESSION_STORAGE_KEY } from '../src/modules/auth/session-store';

export const USER_ID = '5b0c3f7e-2d7a-4d7e-9b47-2f3a4c5d6e7f';

export function makeUser(overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    id: USER_ID,
    email: 'ana.garcia@example.com',
    email_confirmed_at: '2026-01-01T10:00:00.000Z',
    user_metadata: { name: 'ana.garcia', full_name: 'ana.garcia' },
    created_at: '2026-01-01T10:00:00.000Z',
    ...overrides,
  };
}

let serial = 0;

/** A session whose access token expires `expiresInS` seconds from the (possibly faked) clock. */
export function makeSession(expiresInS = 3600, overrides: Partial<AuthSession> = {}): AuthSession {
  serial += 1;
  return {
    access_token: `access-${serial}`,
    token_type: 'bearer',
    expires_in: expiresInS,
    expires_at: Math.floor(Date.now() / 1000) + expiresInS,
    refresh_token: `refresh-token-number-${serial}-abcdefghij`,
    user: makeUser(),
    ...overrides,
  };
}

export function makeProfile(overrides: Partial<ProfileResponse> = {}): ProfileResponse {
  return {
    id: USER_ID,
    email: 'ana.garcia@example.com',
    name: 'Ana García',
    plan_type: 'free',
    token_quota: 10000,
    tokens_used: 2500,
    tokens_remaining: 7500,
    role: 'user',
    locale: null,
    last_reset: null,
    created_at: '2026-01-01T10:00:00.000Z',
    ...overrides,
  };
}

export function storeSession(session: AuthSession | null): void {
  if (session) window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  else window.localStorage.removeItem(SESSION_STORAGE_KEY);
}

export function storedSession(): AuthSession | null {
  const raw = window.localStorage.getItem(SESSION_STORAGE_KEY);
  return raw ? (JSON.parse(raw) as AuthSession) : null;
}

export type Handler = (init: RequestInit | undefined, url: string) => Response | Promise<Response>;

/** The host and viewer pages read the room's questions; unless a test says otherwise, there are none and they are off. */
const QUESTION_LIST = /^GET \/api\/view\/[^/]+\/questions\?lang=/;
const noQuestions: Handler = (_, url) => {
  const body = { enabled: false, lang: new URL(url, 'http://localhost').searchParams.get('lang'), questions: [] };
  return { ok: true, status: 200, text: () => Promise.resolve(JSON.stringify(body)) } as Response;
};

/**
 * A fetch stand-in answering by "METHOD path" (query included); unknown calls fail the test loudly.
 * Returns the mock so tests can inspect calls.
 */
export function routeFetch(routes: Record<string, Handler>) {
  const mock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const key = `${(init?.method ?? 'GET').toUpperCase()} ${url}`;
    const handler = routes[key] ?? (QUESTION_LIST.test(key) ? noQuestions : undefined);
    if (!handler) throw new Error(`unexpected fetch ${key}`);
    return handler(init, url);
  });
  window.fetch = mock as unknown as typeof fetch;
  return mock;
}

export function authHeader(init: RequestInit | undefined): string | null {
  return new Headers(init?.headers).get('Authorization');
}
