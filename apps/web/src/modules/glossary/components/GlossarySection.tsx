import type { LanguageCode } from '@lt/contracts';
import { Spinner } from '../../../components/Spinner';
import '../../../styles/glossary.css';
import { useGlossaryT } from '../../../i18n/useGlossaryT';
import { errorText } from '../../../lib/error-text';
import type { GlossaryDraft } from '../hooks/useGlossaryDraft';
import { GlossaryEditor } from './GlossaryEditor';

/** The glossary inside a page or dialog: its title and hint, then loading, a failure to load, or the editor. */
export function GlossarySection({
  draft,
  exportName,
  headingId,
  disabled,
  demand,
}: {
  draft: GlossaryDraft;
  exportName: string;
  headingId: string;
  disabled?: boolean;
  /** The languages the room's viewers read. */
  demand?: readonly LanguageCode[];
}) {
  const t = useGlossaryT();
  return (
    <section className="glossary-section" aria-labelledby={headingId} data-testid="glossary-section">
      <h2 id={headingId} className="glossary-title">
        {t('glossary.title')}
      </h2>
      <p className="field-hint">{t('glossary.hint')}</p>
      {draft.state === 'loading' ? (
        <Spinner label={t('glossary.loading')} testId="glossary-loading" />
      ) : draft.state === 'error' ? (
        <div className="alert alert-error" role="alert" data-testid="glossary-load-error">
          <p>{t('glossary.loadFailed', { message: errorText(draft.query.error, t) })}</p>
          <button type="button" className="btn btn-secondary" onClick={() => void draft.query.refetch()}>
            {t('glossary.retry')}
          </button>
        </div>
      ) : (
        <GlossaryEditor
          rows={draft.rows}
          onRowsChange={draft.setRows}
          showAllIssues={draft.showAllIssues}
          disabled={disabled}
          exportName={exportName}
          demand={demand}
        />
      )}
    </section>
  );
}
