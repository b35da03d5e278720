import { AUTH_MESSAGES, type SocialProvider } from '@lt/contracts';
import type { MessageKey } from '../../i18n/es';
import type { Translate } from '../../i18n/translate';
import { errorKey } from '../../lib/error-text';
import { ApiError } from '../../lib/http';

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
  [AUTH_MESSAGES.missingCredentials, 'auth.error.missingCredentials'],
  [AUTH_MESSAGES.weakPassword, 'reset.tooShort'],
];

const RESET_TEXTS: [string, MessageKey][] = [
  [AUTH_MESSAGES.emailNotConfirmed, 'auth.error.resetEmailNotConfirmed'],
  ['User not found', 'auth.error.resetUserNotFound'],
];

/**
 * An auth failure in the interface language: a known server message gets its own text, any other the text of
 * its error code; the server's English message is never shown as it is.
 */
function authErrorText(error: unknown, t: Translate, known: [string, MessageKey][], fallback: MessageKey): string {
  const message = serverMessage(error);
  const found = message ? known.find(([server]) => message.includes(server)) : undefined;
  if (found) return t(found[1]);
  // An answer without our error body says nothing more than the fallback does.
  const byCode = error instanceof ApiError && error.code !== 'http_error' ? errorKey(error.code) : null;
  return t(byCode ?? fallback);
}

/** Sign-in and sign-up: known server messages get friendlier texts, others the text of their code. */
export function signInErrorText(error: unknown, t: Translate): string {
  return authErrorText(error, t, SIGN_IN_TEXTS, 'error.unexpected');
}

/** Reset: an unconfirmed e-mail and an unknown user get their own texts, others show as they are, else a fallback. */
export function resetErrorText(error: unknown, t: Translate): string {
  return authErrorText(error, t, RESET_TEXTS, 'auth.error.resetFailed');
}

/** Social sign-in: the text of the server's code, else that the provider's sign-in failed. */
export function socialErrorText(error: unknown, provider: SocialProvider, t: Translate): string {
  return authErrorText(error, t, [], provider === 'google' ? 'auth.error.google' : 'auth.error.apple');
}

/** Without Keycloak the buttons still answer, naming the provider and why. */
export function socialUnavailableText(provider: SocialProvider, t: Translate): string {
  return t('auth.error.socialWithReason', {
    failure: t(provider === 'google' ? 'auth.error.google' : 'auth.error.apple'),
    reason: t('auth.error.socialNotConfigured'),
  });
}

/** A failed password update: the server's message, else a fallback. */
export function passwordUpdateErrorText(error: unknown, t: Translate): string {
  return authErrorText(error, t, [[AUTH_MESSAGES.weakPassword, 'reset.tooShort']], 'reset.failed');
}
