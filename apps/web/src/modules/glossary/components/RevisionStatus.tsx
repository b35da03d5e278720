import type { GlossaryRevisionResponse } from '@lt/contracts';
import type { GlossaryTranslate } from '../../../i18n/useGlossaryT';
import { errorText } from '../../../lib/error-text';

type T = GlossaryTranslate;

/** What came of translating the last lines again, in the host's words. */
export function revisionText(result: GlossaryRevisionResponse, t: T): string {
  if (result.lines === 0) return t('glossary.revisedNoLines');
  if (result.languages.length === 0) return t('glossary.revisedNoLanguages');
  const done =
    result.revised > 0
      ? t('glossary.revised', { revised: result.revised, lines: result.lines, languages: result.languages.join(', ') })
      : t('glossary.revisedNone', { lines: result.lines });
  return result.failed > 0 ? `${done} ${t('glossary.revisedFailed', { failed: result.failed })}` : done;
}

/** The progress and the result of a revision, under the glossary dialog's buttons. */
export function RevisionStatus({
  revision,
  t,
}: {
  revision: { isPending: boolean; data?: GlossaryRevisionResponse; error: Error | null; lines: number };
  t: T;
}) {
  if (revision.isPending) {
    return (
      <p className="alert alert-info" data-testid="glossary-revising">
        <span className="spinner" aria-hidden="true" /> {t('glossary.revising', { lines: revision.lines })}
      </p>
    );
  }
  if (revision.error) {
    return (
      <p className="alert alert-error" role="alert" data-testid="glossary-revise-error">
        {t('glossary.reviseFailed', { message: errorText(revision.error, t) })}
      </p>
    );
  }
  if (!revision.data) return null;
  return (
    <p className={`alert ${revision.data.failed > 0 ? 'alert-warning' : 'alert-info'}`} data-testid="glossary-revised">
      {revisionText(revision.data, t)}
    </p>
  );
}
