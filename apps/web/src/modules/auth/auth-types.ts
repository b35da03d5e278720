import type { AuthSession, AuthUser, ProfileResponse } from '@lt/contracts';

/** What changed the session: every change sets the user, reloads the profile and is announced with its event. */
export type AuthEvent = 'INITIAL_SESSION' | 'SIGNED_IN' | 'SIGNED_OUT' | 'TOKEN_REFRESHED' | 'PASSWORD_RECOVERY' | 'USER_UPDATED';

export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';

export interface AuthState {
  status: AuthStatus;
  session: AuthSession | null;
  user: AuthUser | null;
  profile: ProfileResponse | null;
  /** The current user's profile has not arrived yet. */
  profileLoading: boolean;
}

export interface AuthChange {
  event: AuthEvent;
  session: AuthSession | null;
  profile: ProfileResponse | null;
}

/** What an e-mailed recovery or confirmation link carries. */
export interface LinkTokens {
  accessToken: string;
  refreshToken: string;
  expiresIn?: number;
  expiresAt?: number;
}
