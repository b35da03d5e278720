import {
  AccountsErrorCode,
  BusErrorCode,
  CLOSE_CODES,
  GatewayErrorCode,
  LiveErrorCode,
  RoomsErrorCode,
  SummaryErrorCode,
  TtsErrorCode,
} from '@lt/contracts';
import { CATALOGS, LOCALES } from '../i18n/i18n-context';
import type { MessageKey } from '../i18n/es';
import { translate } from '../i18n/translate';
import { describeProblem } from '../modules/live/describe-problem';
import { errorText } from './error-text';
import { ApiError } from './http';

const EVERY_CODE = [
  RoomsErrorCode,
  AccountsErrorCode,
  GatewayErrorCode,
  LiveErrorCode,
  BusErrorCode,
  TtsErrorCode,
  SummaryErrorCode,
].flatMap((codes) => Object.values(codes) as string[]);

describe('error texts', () => {
  it.each(LOCALES)('the %s catalog has a text for every error code the server can answer', (locale) => {
    const missing = EVERY_CODE.filter((code) => !CATALOGS[locale][`error.code.${code}` as MessageKey]?.trim());
    expect(missing).toEqual([]);
  });

  it.each(LOCALES)('the %s catalog has a text for every close code a person can meet', (locale) => {
    const final = [CLOSE_CODES.signedOut, CLOSE_CODES.roomDeleted, CLOSE_CODES.speakerRemoved, CLOSE_CODES.policyViolation];
    const missing = final.filter((code) => !CATALOGS[locale][`error.close.${code}` as MessageKey]?.trim());
    expect(missing).toEqual([]);
  });

  it('shows the text of the code in the interface language, never the server English message', () => {
    const error = new ApiError(404, RoomsErrorCode.RoomNotFound, 'Room not found');
    expect(errorText(error, (key, params) => translate('es', key, params))).toBe('La sala no existe o ya no está disponible.');
    expect(errorText(error, (key, params) => translate('en', key, params))).toBe('This room does not exist or is no longer available.');
  });

  it('falls back to the generic text for an unknown code or a thrown value', () => {
    const t = (key: MessageKey) => translate('en', key);
    expect(errorText(new ApiError(500, 'something_new', 'Leaked internals'), t)).toBe(translate('en', 'error.unexpected'));
    expect(errorText(new Error('boom'), t)).toBe(translate('en', 'error.unexpected'));
  });

  it('describes a refused join and a close code from the catalog, not from the frame', () => {
    const t = (key: MessageKey, params?: Record<string, string | number>) => translate('es', key, params);
    expect(describeProblem({ kind: 'rejected', code: LiveErrorCode.InvalidHostKey, message: 'Invalid host key' }, t)).toBe(
      'El enlace de anfitrión no es válido para esta sala.',
    );
    expect(describeProblem({ kind: 'closed', code: CLOSE_CODES.roomDeleted, reason: 'Room deleted' }, t)).toBe(
      'La sala ha sido eliminada.',
    );
    expect(describeProblem({ kind: 'closed', code: 1006, reason: '' }, t)).toBe('La conexión se cerró (código 1006).');
  });
});
