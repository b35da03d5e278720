import type { AuthSession, SignupResponse } from '@lt/contracts';
import { apiContract } from './api-contract';

export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** A request as sent: extra headers, and the body's exact text (e.g. not JSON) when `body` is a string. */
export interface ApiRequest {
  headers?: Record<string, string>;
  body?: string;
}

/** A small client for the API of a running stack; every answer must be as the OpenAPI document says. */
export function authApi(baseUrl: string) {
  const send = async <T>(method: string, path: string, request: ApiRequest = {}): Promise<ApiAnswer<T>> => {
    const res = await fetch(`${baseUrl}${path}`, { method, redirect: 'manual', headers: request.headers, body: request.body });
    const text = await res.text();
    const contentType = res.headers.get('content-type');
    const body = (contentType?.includes('json') && text ? JSON.parse(text) : text || null) as T;
    apiContract.assert(method, path, res.status, body, contentType);
    return { status: res.status, body, headers: res.headers };
  };
  const call = <T>(method: string, path: string, body?: unknown, token?: string): Promise<ApiAnswer<T>> =>
    send<T>(method, path, {
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return {
    send,
    call,
    signup: (email: string, password = 'secret-pw', name?: string) =>
      call<SignupResponse>('POST', '/api/auth/signup', { email, password, ...(name ? { name } : {}) }),
    signIn: (email: string, password = 'secret-pw') =>
      call<AuthSession>('POST', '/api/auth/token?grant_type=password', { email, password }),
    refresh: (refresh_token: string) => call<AuthSession>('POST', '/api/auth/token?grant_type=refresh_token', { refresh_token }),
    profile: (token: string) => call<Record<string, unknown>>('GET', '/api/profile', undefined, token),
    logout: (token: string) => call('POST', '/api/auth/logout', undefined, token),
    recover: (email: string) => call('POST', '/api/auth/recover', { email }),
  };
}

export const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;
