import type { AuthSession, PublicConfig, SocialProvider } from '@lt/contracts';
import type { KeycloakInitOptions } from 'keycloak-js';
import type { AuthClient } from './auth-client';

export type KeycloakConfig = NonNullable<PublicConfig['keycloak']>;

/** Which provider the visitor chose, for the return trip to /auth/callback. */
export const SOCIAL_PROVIDER_KEY = 'lt.social.provider';
export const SOCIAL_CALLBACK_PATH = '/auth/callback';

const INIT_OPTIONS: KeycloakInitOptions = { checkLoginIframe: false, pkceMethod: 'S256', responseMode: 'query' };

export class SocialSignInError extends Error {
  constructor(message = '') {
    super(message);
    this.name = 'SocialSignInError';
  }
}

/** `/config.json` names no Keycloak, so Google and Apple cannot be offered. */
export class SocialUnavailableError extends Error {
  constructor() {
    super('');
    this.name = 'SocialUnavailableError';
  }
}

export function isSocialProvider(value: unknown): value is SocialProvider {
  return value === 'google' || value === 'apple';
}

function rememberProvider(provider: SocialProvider): void {
  try {
    window.sessionStorage.setItem(SOCIAL_PROVIDER_KEY, provider);
  } catch {
    /* the callback then reports a failed sign-in */
  }
}

export function rememberedProvider(): SocialProvider | null {
  try {
    const value = window.sessionStorage.getItem(SOCIAL_PROVIDER_KEY);
    return isSocialProvider(value) ? value : null;
  } catch {
    return null;
  }
}

function forgetProvider(): void {
  try {
    window.sessionStorage.removeItem(SOCIAL_PROVIDER_KEY);
  } catch {
    /* nothing stored */
  }
}

// keycloak-js is only needed on a social click or the callback, so it stays out of the main bundle.
async function initKeycloak(config: KeycloakConfig) {
  const { default: Keycloak } = await import('keycloak-js');
  const keycloak = new Keycloak({ url: config.url, realm: config.realm, clientId: config.clientId });
  await keycloak.init(INIT_OPTIONS);
  return keycloak;
}

/** Leaves the page for Keycloak, which sends the visitor straight on to Google or Apple. */
export async function startSocialSignIn(provider: SocialProvider, config: KeycloakConfig): Promise<void> {
  const keycloak = await initKeycloak(config);
  rememberProvider(provider);
  await keycloak.login({ idpHint: provider, redirectUri: window.location.origin + SOCIAL_CALLBACK_PATH });
}

let pending: { url: string; result: Promise<AuthSession> } | null = null;

/**
 * Completes the code exchange in the callback URL and trades Keycloak's ID token for our own session.
 * The code is single-use, so a second call for the same URL (React's double effects) shares the first.
 */
export function completeSocialSignIn(provider: SocialProvider, config: KeycloakConfig, client: AuthClient): Promise<AuthSession> {
  const url = window.location.href;
  if (pending?.url === url) return pending.result;
  const result = initKeycloak(config)
    .then((keycloak) => {
      if (!keycloak.idToken) throw new SocialSignInError();
      return client.signInWithIdToken(provider, keycloak.idToken);
    })
    .finally(forgetProvider);
  pending = { url, result };
  return result;
}
