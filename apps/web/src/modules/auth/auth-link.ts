import type { LinkTokens } from './auth-types';

/** The e-mailed links that open a session: password recovery and sign-up confirmation. */
export type LinkType = 'recovery' | 'signup';

export type AuthLink =
  | { kind: 'none' }
  | { kind: 'error'; code: string; description: string | null }
  | { kind: 'invalid' }
  | { kind: 'tokens'; tokens: LinkTokens };

function positiveInt(value: string | null): number | undefined {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  const parsed = Number(value);
  return parsed > 0 ? parsed : undefined;
}

/**
 * Reads what an e-mailed link carries in its fragment once the server has spent it: tokens
 * (`#access_token=…&refresh_token=…&expires_in=…&type=recovery`) or why it was refused
 * (`#error=access_denied&error_code=otp_expired&error_description=…`, also accepted in the query).
 */
export function parseAuthLink(type: LinkType, hash: string, search = ''): AuthLink {
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const query = new URLSearchParams(search.replace(/^\?/, ''));
  for (const params of [fragment, query]) {
    const error = params.get('error') ?? params.get('error_code');
    if (error) return { kind: 'error', code: params.get('error_code') ?? error, description: params.get('error_description') };
  }
  const accessToken = fragment.get('access_token');
  if (!accessToken) return { kind: 'none' };
  const refreshToken = fragment.get('refresh_token');
  if (!refreshToken || fragment.get('type') !== type) return { kind: 'invalid' };
  const expiresIn = positiveInt(fragment.get('expires_in'));
  const expiresAt = positiveInt(fragment.get('expires_at'));
  return {
    kind: 'tokens',
    tokens: {
      accessToken,
      refreshToken,
      ...(expiresIn !== undefined ? { expiresIn } : {}),
      ...(expiresAt !== undefined ? { expiresAt } : {}),
    },
  };
}

/** Tokens must not linger in the address bar, the history or a screenshot. */
export function removeLinkFromAddress(): void {
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
}
