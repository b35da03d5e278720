import type { MessageKey } from '../i18n/es';
import type { Translate } from '../i18n/translate';
import { errorsEs } from '../i18n/errors.es';
import { ApiError } from './http';

/** The catalog key of an error code, when the catalogs know the code. */
export function errorKey(code: string): MessageKey | null {
  return Object.hasOwn(errorsEs, code) ? (`error.code.${code}` as MessageKey) : null;
}

/**
 * An error as the person reads it, in the interface language: the text of its code. The server's `message`
 * is English for operators and logs; it is never shown. An unknown code gets the generic text.
 */
export function errorText(error: unknown, t: Translate): string {
  const key = error instanceof ApiError ? errorKey(error.code) : null;
  return key ? t(key) : t('error.unexpected');
}
