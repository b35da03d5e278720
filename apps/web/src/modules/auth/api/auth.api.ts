import type {
  AuthSession,
  AuthUser,
  IdTokenGrantBody,
  PasswordGrantBody,
  ProfileResponse,
  PublicConfig,
  RecoverBody,
  SignupBody,
  SignupResponse,
} from '@lt/contracts';
import { apiRequest } from '../../../lib/http';

function post<T>(path: string, body: unknown, accessToken?: string): Promise<T> {
  return apiRequest<T>(path, {
    method: 'POST',
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: accessToken ? { Authorization: `Bearer ${accessToken}` } : undefined,
  });
}

function bearer(accessToken: string): RequestInit {
  return { headers: { Authorization: `Bearer ${accessToken}` } };
}

/** The gateway's `/api/auth/*` calls; `AuthClient` takes them as a dependency so tests can replace them. */
export const authApi = {
  signup: (body: SignupBody) => post<SignupResponse>('/api/auth/signup', body),
  passwordGrant: (body: PasswordGrantBody) => post<AuthSession>('/api/auth/token?grant_type=password', body),
  refreshGrant: (refreshToken: string) => post<AuthSession>('/api/auth/token?grant_type=refresh_token', { refresh_token: refreshToken }),
  idTokenGrant: (body: IdTokenGrantBody) => post<AuthSession>('/api/auth/token?grant_type=id_token', body),
  logout: (accessToken: string) => post<void>('/api/auth/logout', undefined, accessToken),
  recover: (body: RecoverBody) => post<Record<string, never>>('/api/auth/recover', body),
  getUser: (accessToken: string) => apiRequest<AuthUser>('/api/auth/user', bearer(accessToken)),
  getProfile: (accessToken: string) => apiRequest<ProfileResponse>('/api/profile', bearer(accessToken)),
};

export type AuthApi = typeof authApi;

export function getPublicConfig(): Promise<PublicConfig> {
  return apiRequest<PublicConfig>('/config.json');
}
