import { AccountsErrorCode, type SocialProvider } from '@lt/contracts';
import type { MessageKey } from '../../i18n/es';
import type { Translate } from '../../i18n/translate';
import { knownErrorText } from '../../lib/error-text';
import { ApiError } from '../../lib/http';

type CodeTexts = Partial<Record<string, MessageKey>>;

/** Sign-in and sign-up codes with a text of their own, friendlier than the code's general one. */
const SIGN_IN_TEXTS: CodeTexts = {
  [AccountsErrorCode.InvalidCredentials]: 'auth.error.invalidCredentials',
  [AccountsErrorCode.UserAlreadyExists]: 'auth.error.alreadyRegistered',
  [AccountsErrorCode.EmailNotConfirmed]: 'auth.error.emailNotConfirmed',
};

const RESET_TEXTS: CodeTexts = {
  [AccountsErrorCode.EmailNotConfirmed]: 'auth.error.resetEmailNotConfirmed',
  [AccountsErrorCode.UserNotFound]: 'auth.error.resetUserNotFound',
};

/**
 * An auth failure in the interface language, by its error code: a code of `own` gets its own text, any other
 * known code its general text, anything else (a thrown value, an answer without our error body) the fallback.
 * The server's English message is never read.
 */
function authErrorText(error: unknown, t: Translate, own: CodeTexts, fallback: MessageKey): string {
  const key = error instanceof ApiError ? own[error.code] : undefined;
  return key ? t(key) : (knownErrorText(error, t) ?? t(fallback));
}

/** Sign-in and sign-up: some codes get friendlier texts, others the text of their code. */
export function signInErrorText(error: unknown, t: Translate): string {
  return authErrorText(error, t, SIGN_IN_TEXTS, 'error.unexpected');
}

/** Reset: an unconfirmed e-mail and an unknown user get their own texts, other codes theirs, else a fallback. */
export function resetErrorText(error: unknown, t: Translate): string {
  return authErrorText(error, t, RESET_TEXTS, 'auth.error.resetFailed');
}

/** Social sign-in: the text of the server's code, else that the provider's sign-in failed. */
export function socialErrorText(error: unknown, provider: SocialProvider, t: Translate): string {
  return authErrorText(error, t, {}, provider === 'google' ? 'auth.error.google' : 'auth.error.apple');
}

/** Without Keycloak the buttons still answer, naming the provider and why. */
export function socialUnavailableText(provider: SocialProvider, t: Translate): string {
  return t('auth.error.socialWithReason', {
    failure: t(provider === 'google' ? 'auth.error.google' : 'auth.error.apple'),
    reason: t('auth.error.socialNotConfigured'),
  });
}

/** A failed password update: the text of its code, else a fallback. */
export function passwordUpdateErrorText(error: unknown, t: Translate): string {
  return authErrorText(error, t, {}, 'reset.failed');
}
