import type { Translate } from '../../i18n/translate';
import type { LiveProblem } from './live-client';

export function describeProblem(problem: LiveProblem, t: Translate): string {
  switch (problem.kind) {
    case 'timeout':
      return t('error.connectionTimeout');
    case 'rejected':
      return problem.message;
    case 'closed':
      return problem.reason || String(problem.code);
  }
}
