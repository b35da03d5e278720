import type { MessageKey } from '../i18n/es';
import type { Translate } from '../i18n/translate';
import { errorsEs } from '../i18n/errors.es';
import { ApiError } from './http';

/** The catalog key of an error code, when the catalogs know the code. */
export function errorKey(code: string): MessageKey | null {
  return Object.hasOwn(errorsEs, code) ? (`error.code.${code}` as MessageKey) : null;
}

/** The text of an error code (an `ApiError`'s, a socket error frame's), or null when the catalogs do not know it. */
export function codeText(code: string | null | undefined, t: Translate): string | null {
  const key = code ? errorKey(code) : null;
  return key ? t(key) : null;
}

/** The text of an error code, or the generic text when the catalogs do not know it. */
export function errorCodeText(code: string, t: Translate): string {
  return codeText(code, t) ?? t('error.unexpected');
}

/**
 * The text of a failed call's code, or null when it is no `ApiError`, its code is unknown, or the answer had no
 * error body of ours (`http_error` says nothing more than the caller's own fallback does).
 */
export function knownErrorText(error: unknown, t: Translate): string | null {
  return error instanceof ApiError && error.code !== 'http_error' ? codeText(error.code, t) : null;
}

/**
 * An error as the person reads it, in the interface language: the text of its code. The server's `message`
 * is English for operators and logs; it is never shown. An unknown code gets the generic text.
 */
export function errorText(error: unknown, t: Translate): string {
  return (error instanceof ApiError ? codeText(error.code, t) : null) ?? t('error.unexpected');
}
