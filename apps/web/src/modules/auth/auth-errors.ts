import { AUTH_MESSAGES, type SocialProvider } from '@lt/contracts';
import type { MessageKey } from '../../i18n/es';
import type { Translate } from '../../i18n/translate';

/** The server's message of a failed call: `ApiError.message`, an `Error`, or an OAuth error object. */
export function serverMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null) {
    const { error_description: description, error: code } = error as { error_description?: unknown; error?: unknown };
    if (typeof description === 'string' && description) return description;
    if (typeof code === 'string') return code;
  }
  return typeof error === 'string' ? error : '';
}

const SIGN_IN_TEXTS: [string, MessageKey][] = [
  [AUTH_MESSAGES.invalidCredentials, 'auth.error.invalidCredentials'],
  [AUTH_MESSAGES.alreadyRegistered, 'auth.error.alreadyRegistered'],
  ['Database error', 'auth.error.database'],
  [AUTH_MESSAGES.emailNotConfirmed, 'auth.error.emailNotConfirmed'],
];

/** Sign-in and sign-up: known server messages get friendlier texts, others show as they are. */
export function signInErrorText(error: unknown, t: Translate): string {
  const message = serverMessage(error);
  const known = SIGN_IN_TEXTS.find(([server]) => message.includes(server));
  if (known) return t(known[1]);
  return message || t('error.unexpected');
}

/** Reset: an unconfirmed e-mail and an unknown user get their own texts, others show as they are, else a fallback. */
export function resetErrorText(error: unknown, t: Translate): string {
  const message = serverMessage(error);
  if (message.includes(AUTH_MESSAGES.emailNotConfirmed)) return t('auth.error.resetEmailNotConfirmed');
  if (message.includes('User not found')) return t('auth.error.resetUserNotFound');
  return message || t('auth.error.resetFailed');
}

/** Social sign-in: the server's message, else '{Provider} sign in failed'. */
export function socialErrorText(error: unknown, provider: SocialProvider, t: Translate): string {
  return serverMessage(error) || t(provider === 'google' ? 'auth.error.google' : 'auth.error.apple');
}

/** Without Keycloak the buttons still answer, naming the provider and why. */
export function socialUnavailableText(provider: SocialProvider, t: Translate): string {
  return t('auth.error.socialWithReason', {
    failure: t(provider === 'google' ? 'auth.error.google' : 'auth.error.apple'),
    reason: AUTH_MESSAGES.socialNotConfigured,
  });
}

/** A failed password update: the server's message, else a fallback. */
export function passwordUpdateErrorText(error: unknown, t: Translate): string {
  return serverMessage(error) || t('reset.failed');
}
