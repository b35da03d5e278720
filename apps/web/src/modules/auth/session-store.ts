import type { AuthSession } from '@lt/contracts';
import { readStorage, removeStorage, writeStorage } from '../../lib/storage';

export const SESSION_STORAGE_KEY = 'lt.session';

function isSession(value: unknown): value is AuthSession {
  if (typeof value !== 'object' || value === null) return false;
  const s = value as Partial<AuthSession>;
  return (
    typeof s.access_token === 'string' &&
    typeof s.refresh_token === 'string' &&
    typeof s.expires_at === 'number' &&
    typeof s.user === 'object' &&
    s.user !== null &&
    typeof s.user.id === 'string' &&
    typeof s.user.email === 'string'
  );
}

/** Reads the stored session; anything unreadable (an older shape, a hand edit) counts as signed out. */
export function loadSession(): AuthSession | null {
  const raw = readStorage(SESSION_STORAGE_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (isSession(parsed)) return parsed;
  } catch {
    /* falls through to the cleanup below */
  }
  removeStorage(SESSION_STORAGE_KEY);
  return null;
}

export function saveSession(session: AuthSession | null): void {
  if (session) writeStorage(SESSION_STORAGE_KEY, JSON.stringify(session));
  else removeStorage(SESSION_STORAGE_KEY);
}

export function sameSession(a: AuthSession | null, b: AuthSession | null): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  return a.access_token === b.access_token && a.refresh_token === b.refresh_token && JSON.stringify(a.user) === JSON.stringify(b.user);
}
