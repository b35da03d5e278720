import type { AuthSession, AuthUser, ProfileResponse, SignupBody, SignupResponse, SocialProvider, UpdateUserBody } from '@lt/contracts';
import { ApiError, apiDownload, apiRequest, type DownloadedFile } from '../../lib/http';
import { authApi, type AuthApi } from './api/auth.api';
import type { AuthChange, AuthEvent, AuthState, LinkTokens } from './auth-types';
import { loadSession, sameSession, saveSession, SESSION_STORAGE_KEY } from './session-store';
import { browserLocks, TokenRotation, type LockManagerLike } from './token-rotation';

export interface AuthClientOptions {
  api?: AuthApi;
  now?: () => number;
  /** Serialises refreshes across tabs; null leaves the tabs to the storage event alone. */
  locks?: LockManagerLike | null;
}

/** Refresh this many seconds before the access token expires. */
export const REFRESH_MARGIN_S = 60;
/** Wait before trying again after a refresh that failed for a passing reason (network, 5xx). */
export const REFRESH_RETRY_MS = 15_000;
const MAX_TIMER_MS = 2 ** 31 - 1;
const DEFAULT_EXPIRES_IN_S = 3600;

function eventBetween(previous: AuthSession | null, next: AuthSession): AuthEvent {
  if (!previous || previous.user.id !== next.user.id) return 'SIGNED_IN';
  return previous.access_token !== next.access_token ? 'TOKEN_REFRESHED' : 'USER_UPDATED';
}

function withBearer(init: RequestInit, accessToken: string): RequestInit {
  const headers = new Headers(init.headers);
  headers.set('Authorization', `Bearer ${accessToken}`);
  return { ...init, headers };
}

/**
 * The signed-in session, kept in localStorage (`lt.session`) and followed by every tab; the
 * access token is refreshed shortly before it expires, and every change reloads the profile.
 */
export class AuthClient {
  private state: AuthState;
  private readonly api: AuthApi;
  private readonly now: () => number;
  private readonly rotation: TokenRotation;
  private readonly stateListeners = new Set<() => void>();
  private readonly changeListeners = new Set<(change: AuthChange) => void>();
  private refreshTimer: ReturnType<typeof setTimeout> | undefined;
  private profileGeneration = 0;
  private started = false;

  constructor(options: AuthClientOptions = {}) {
    this.api = options.api ?? authApi;
    this.now = options.now ?? (() => Date.now());
    const locks = options.locks !== undefined ? options.locks : browserLocks();
    this.rotation = new TokenRotation(this.api, locks, (session) => this.nearExpiry(session));
    const session = loadSession();
    this.state = {
      status: session ? (this.nearExpiry(session) ? 'loading' : 'authenticated') : 'anonymous',
      session,
      user: session?.user ?? null,
      profile: null,
      profileLoading: session !== null,
    };
  }

  readonly getState = (): AuthState => this.state;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  };

  onAuthStateChange(listener: (change: AuthChange) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    window.addEventListener('storage', this.onStorage);
    document.addEventListener('visibilitychange', this.onVisibilityChange);
    void this.announceInitialSession();
  }

  stop(): void {
    this.started = false;
    window.removeEventListener('storage', this.onStorage);
    document.removeEventListener('visibilitychange', this.onVisibilityChange);
    clearTimeout(this.refreshTimer);
    this.refreshTimer = undefined;
  }

  async signInWithPassword(email: string, password: string): Promise<AuthSession> {
    const session = await this.api.passwordGrant({ email, password });
    this.apply('SIGNED_IN', session);
    return session;
  }

  async signUp(body: SignupBody): Promise<SignupResponse> {
    const answer = await this.api.signup(body);
    if (answer.session) this.apply('SIGNED_IN', answer.session);
    return answer;
  }

  async signInWithIdToken(provider: SocialProvider, idToken: string): Promise<AuthSession> {
    const session = await this.api.idTokenGrant({ provider, id_token: idToken });
    this.apply('SIGNED_IN', session);
    return session;
  }

  /** Signs out here at once; telling the server is best effort, the access token expires anyway. */
  async signOut(): Promise<void> {
    const session = this.state.session;
    this.apply('SIGNED_OUT', null);
    if (!session) return;
    try {
      await this.api.logout(session.access_token);
    } catch {
      /* nothing more to do locally */
    }
  }

  async resetPasswordForEmail(email: string): Promise<void> {
    await this.api.recover({ email });
  }

  /** Establishes the session an e-mailed link carries, after the server confirms its access token. */
  async setSessionFromLink(tokens: LinkTokens, event: 'PASSWORD_RECOVERY' | 'SIGNED_IN'): Promise<AuthSession> {
    const user = await this.api.getUser(tokens.accessToken);
    const nowS = Math.floor(this.now() / 1000);
    const expiresAt = tokens.expiresAt ?? nowS + (tokens.expiresIn ?? DEFAULT_EXPIRES_IN_S);
    const session: AuthSession = {
      access_token: tokens.accessToken,
      token_type: 'bearer',
      expires_in: Math.max(0, expiresAt - nowS),
      expires_at: expiresAt,
      refresh_token: tokens.refreshToken,
      user,
    };
    this.apply(event, session);
    return session;
  }

  /** The current session, refreshed first when it is about to expire. */
  async getSession(): Promise<AuthSession | null> {
    const session = this.state.session;
    if (session && this.nearExpiry(session)) return this.refreshSession();
    return session;
  }

  /** Rotates the tokens; a refused refresh token ends the session. Passing failures throw and retry later. */
  async refreshSession(): Promise<AuthSession | null> {
    if (!this.state.session) return null;
    let next: AuthSession | null;
    try {
      next = await this.rotation.rotate(this.state.session?.refresh_token);
    } catch (error) {
      this.scheduleRefresh(REFRESH_RETRY_MS);
      throw error;
    }
    const current = this.state.session;
    if (next && !sameSession(current, next)) this.apply(eventBetween(current, next), next);
    else if (!next && current) this.apply('SIGNED_OUT', null);
    return next;
  }

  async updateUser(body: UpdateUserBody): Promise<AuthUser> {
    const user = await this.request<AuthUser>('/api/auth/user', { method: 'PUT', body: JSON.stringify(body) });
    const session = this.state.session;
    if (session) this.apply('USER_UPDATED', { ...session, user });
    return user;
  }

  async deleteUser(): Promise<void> {
    await this.request<void>('/api/auth/user', { method: 'DELETE' });
    this.apply('SIGNED_OUT', null);
  }

  reloadProfile(): Promise<void> {
    return this.loadProfile(null, this.state.session);
  }

  /** A JSON request with the Bearer header when signed in; a 401 refreshes once and retries. */
  readonly request = <T>(path: string, init: RequestInit = {}): Promise<T> =>
    this.withSession((signed) => apiRequest<T>(path, signed), init);

  /** A file download (transcript exports, the account archive) signed like `request`; `onProgress` hears the bytes received. */
  readonly download = (path: string, init: RequestInit = {}, onProgress?: (received: number) => void): Promise<DownloadedFile> =>
    this.withSession((signed) => apiDownload(path, signed, onProgress), init);

  private async withSession<T>(call: (init: RequestInit) => Promise<T>, init: RequestInit): Promise<T> {
    const session = await this.getSession().catch(() => this.state.session);
    if (!session) return call(init);
    try {
      return await call(withBearer(init, session.access_token));
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 401) throw error;
      const fresh = await this.refreshSession().catch(() => null);
      if (!fresh || fresh.access_token === session.access_token) throw error;
      return call(withBearer(init, fresh.access_token));
    }
  }

  private async announceInitialSession(): Promise<void> {
    let session = loadSession();
    if (session && this.nearExpiry(session)) {
      try {
        session = await this.rotation.rotate(this.state.session?.refresh_token);
      } catch {
        // Offline at start-up: keep the session and try again shortly.
        this.apply('INITIAL_SESSION', session);
        this.scheduleRefresh(REFRESH_RETRY_MS);
        return;
      }
    }
    this.apply('INITIAL_SESSION', session);
  }

  private apply(event: AuthEvent, session: AuthSession | null, persist = true): void {
    if (persist) saveSession(session);
    const profile = session && this.state.user?.id === session.user.id ? this.state.profile : null;
    this.setState({
      status: session ? 'authenticated' : 'anonymous',
      session,
      user: session?.user ?? null,
      profile,
      profileLoading: session !== null && profile === null,
    });
    this.scheduleRefresh();
    void this.loadProfile(event, session);
  }

  /** A change superseded before its profile arrives is folded into the newer one. */
  private async loadProfile(event: AuthEvent | null, session: AuthSession | null): Promise<void> {
    const generation = ++this.profileGeneration;
    let profile: ProfileResponse | null = null;
    if (session) {
      try {
        profile = await this.api.getProfile(session.access_token);
      } catch {
        profile = null;
      }
    }
    if (generation !== this.profileGeneration) return;
    this.setState({ ...this.state, profile, profileLoading: false });
    if (event) for (const listener of [...this.changeListeners]) listener({ event, session, profile });
  }

  private setState(next: AuthState): void {
    this.state = next;
    for (const listener of [...this.stateListeners]) listener();
  }

  private nearExpiry(session: AuthSession): boolean {
    return session.expires_at * 1000 - this.now() <= REFRESH_MARGIN_S * 1000;
  }

  private scheduleRefresh(delayMs?: number): void {
    clearTimeout(this.refreshTimer);
    this.refreshTimer = undefined;
    const session = this.state.session;
    if (!this.started || !session) return;
    const due = delayMs ?? (session.expires_at - REFRESH_MARGIN_S) * 1000 - this.now();
    this.refreshTimer = setTimeout(this.onRefreshTimer, Math.min(Math.max(0, due), MAX_TIMER_MS));
  }

  private readonly onRefreshTimer = (): void => {
    this.refreshTimer = undefined;
    const session = this.state.session;
    if (!session) return;
    if (this.nearExpiry(session)) void this.refreshSession().catch(() => undefined);
    else this.scheduleRefresh();
  };

  /** Timers of a sleeping laptop or a background tab fire late. */
  private readonly onVisibilityChange = (): void => {
    const session = this.state.session;
    if (document.visibilityState === 'visible' && session && this.nearExpiry(session)) {
      void this.refreshSession().catch(() => undefined);
    }
  };

  private readonly onStorage = (event: StorageEvent): void => {
    if (event.key !== null && event.key !== SESSION_STORAGE_KEY) return;
    const stored = loadSession();
    const current = this.state.session;
    if (sameSession(current, stored)) return;
    if (stored) this.apply(eventBetween(current, stored), stored, false);
    else this.apply('SIGNED_OUT', null, false);
  };
}
