import type { Translate } from '../i18n/translate';
import { ApiError } from './http';

/** The server's own message when it sent one, else the spec's generic text. */
export function errorText(error: unknown, t: Translate): string {
  if (error instanceof ApiError && error.message) return error.message;
  return t('error.unexpected');
}
