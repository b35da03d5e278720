export type AuthMode = 'login' | 'signup' | 'reset';

export function isAuthMode(value: unknown): value is AuthMode {
  return value === 'login' || value === 'signup' || value === 'reset';
}

/** Router state that opens the authentication modal, e.g. `navigate('/', { state: { showAuth: true, mode: 'reset' } })`. */
export interface ShowAuthState {
  showAuth: true;
  mode?: AuthMode;
}

export function showAuthMode(state: unknown): AuthMode | null {
  if (typeof state !== 'object' || state === null || (state as { showAuth?: unknown }).showAuth !== true) return null;
  const mode = (state as { mode?: unknown }).mode;
  return isAuthMode(mode) ? mode : 'login';
}
