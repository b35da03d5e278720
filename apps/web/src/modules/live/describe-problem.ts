import type { MessageKey } from '../../i18n/es';
import type { Translate } from '../../i18n/translate';
import { closeCodesEs } from '../../i18n/errors.es';
import { errorKey } from '../../lib/error-text';
import type { LiveProblem } from './live-status';

/** Why the live connection failed, in the interface language (never the server's English reason). */
export function describeProblem(problem: LiveProblem, t: Translate): string {
  switch (problem.kind) {
    case 'timeout':
      return t('error.connectionTimeout');
    case 'rejected': {
      const key = errorKey(problem.code);
      return key ? t(key) : t('error.unexpected');
    }
    case 'closed':
      return Object.hasOwn(closeCodesEs, problem.code)
        ? t(`error.close.${problem.code}` as MessageKey)
        : t('error.connectionClosed', { code: problem.code });
  }
}
