/** The signed-in user (spec §3 "Auth user"). */
export interface AuthUser {
  id: string;
  email: string;
  email_confirmed_at: string | null;
  user_metadata: { name: string; full_name: string };
  created_at: string;
}

/** A session (spec §3): a 1-hour JWT access token and an opaque, single-use refresh token. */
export interface AuthSession {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  /** Unix seconds. */
  expires_at: number;
  refresh_token: string;
  user: AuthUser;
}

export interface SignupResponse {
  user: AuthUser;
  /** null while the e-mail confirmation is pending. */
  session: AuthSession | null;
}

export type PlanType = 'free' | 'premium';
export type UserRole = 'user' | 'admin';

/** `GET /api/profile` (spec §3 profiles, plus what is left of the quota). */
export interface ProfileResponse {
  id: string;
  email: string;
  name: string | null;
  plan_type: PlanType;
  token_quota: number;
  tokens_used: number;
  tokens_remaining: number;
  role: UserRole;
  last_reset: string | null;
  created_at: string;
}

/** `/config.json`: public settings only. */
export interface PublicConfig {
  languages: string[];
  limits: { roomNameMax: number };
  /** Keycloak for Google / Apple sign-in; null when not configured. */
  keycloak: { url: string; realm: string; clientId: string } | null;
}
