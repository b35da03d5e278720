import type { AuthSession, SignupResponse } from '@lt/contracts';

export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** A small client for the auth API of a running stack. */
export function authApi(baseUrl: string) {
  const call = async <T>(method: string, path: string, body?: unknown, token?: string): Promise<ApiAnswer<T>> => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    const json = res.headers.get('content-type')?.includes('json');
    return { status: res.status, body: (json && text ? JSON.parse(text) : text || null) as T, headers: res.headers };
  };
  return {
    call,
    signup: (email: string, password = 'secret-pw', name?: string) =>
      call<SignupResponse>('POST', '/api/auth/signup', { email, password, ...(name ? { name } : {}) }),
    signIn: (email: string, password = 'secret-pw') => call<AuthSession>('POST', '/api/auth/token?grant_type=password', { email, password }),
    refresh: (refresh_token: string) => call<AuthSession>('POST', '/api/auth/token?grant_type=refresh_token', { refresh_token }),
    profile: (token: string) => call<Record<string, unknown>>('GET', '/api/profile', undefined, token),
    logout: (token: string) => call('POST', '/api/auth/logout', undefined, token),
    recover: (email: string) => call('POST', '/api/auth/recover', { email }),
  };
}

export const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;
