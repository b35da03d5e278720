import type { AuthSession } from '@lt/contracts';
import { ApiError } from '../../lib/http';
import type { AuthApi } from './api/auth.api';
import { loadSession, saveSession } from './session-store';

export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

const REFRESH_LOCK = 'lt.auth.refresh';

export function browserLocks(): LockManagerLike | null {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? { request: <T>(name: string, callback: () => Promise<T>) => locks.request(name, callback) as Promise<T> } : null;
}

/**
 * Spends each refresh token once across every tab. Tokens are single-use and a reused one revokes the
 * whole family, so a rotation re-reads the stored session under a cross-tab lock and adopts what another
 * tab already rotated instead of spending the old token again.
 */
export class TokenRotation {
  private running: Promise<AuthSession | null> | null = null;

  constructor(
    private readonly api: AuthApi,
    private readonly locks: LockManagerLike | null,
    private readonly nearExpiry: (session: AuthSession) => boolean,
  ) {}

  /**
   * The session to use next: rotated here or by another tab, or null when the refresh token was refused.
   * Passing failures (network, 5xx) throw. Concurrent calls share one rotation.
   */
  rotate(heldRefreshToken: string | undefined): Promise<AuthSession | null> {
    if (!this.running) {
      const run = () => this.rotateLocked(heldRefreshToken);
      this.running = (this.locks ? this.locks.request(REFRESH_LOCK, run) : run()).finally(() => {
        this.running = null;
      });
    }
    return this.running;
  }

  private async rotateLocked(heldRefreshToken: string | undefined): Promise<AuthSession | null> {
    const stored = loadSession();
    if (!stored) return null;
    if (stored.refresh_token !== heldRefreshToken && !this.nearExpiry(stored)) return stored;
    try {
      const fresh = await this.api.refreshGrant(stored.refresh_token);
      saveSession(fresh);
      return fresh;
    } catch (error) {
      if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 401)) throw error;
      // Without a lock another tab may have spent the token a moment earlier and stored its successor.
      const latest = loadSession();
      return latest && latest.refresh_token !== stored.refresh_token ? latest : null;
    }
  }
}
