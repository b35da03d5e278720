import type { LanguageCode } from '@lt/contracts';
import { useId, useState } from 'react';
import { ChoiceDialog } from '../../../components/ChoiceDialog';
import { Modal } from '../../../components/Modal';
import { useGlossaryT } from '../../../i18n/useGlossaryT';
import { errorText } from '../../../lib/error-text';
import type { GlossaryCredential } from '../api/glossary.api';
import { useGlossaryDraft } from '../hooks/useGlossaryDraft';
import { useGlossaryRevision } from '../hooks/useGlossaryRevision';
import { GlossarySection } from './GlossarySection';
import { RecognitionVocabulary } from './RecognitionVocabulary';
import { RevisionStatus } from './RevisionStatus';

interface GlossaryDialogProps {
  roomId: string;
  credential: GlossaryCredential;
  exportName: string;
  /** The languages the room's viewers read. */
  demand?: readonly LanguageCode[];
  onClose: () => void;
}

/**
 * The host page's glossary, in a dialog of its own chunk: saved edits apply from the next sentence, and the
 * host may have the last lines translated again with it (saved first), which viewers see replaced.
 */
export default function GlossaryDialog({ roomId, credential, exportName, demand, onClose }: GlossaryDialogProps) {
  const t = useGlossaryT();
  const id = useId();
  const draft = useGlossaryDraft(roomId, credential);
  const [savedVersion, setSavedVersion] = useState<number | null>(null);
  const revision = useGlossaryRevision(roomId, credential);
  const busy = draft.save.isPending || revision.isPending;
  // The status lines speak of the rows as they were when saved: any edit after makes them stale.
  const [statusRows, setStatusRows] = useState(draft.rows);
  const current = statusRows === draft.rows;
  const [asking, setAsking] = useState(false);
  const requestClose = () => (draft.dirty ? setAsking(true) : onClose());

  /** Saves the glossary (refused with its problems shown), then does what was asked with it. */
  const saveThen = (then: (version: number) => void) => () => {
    setSavedVersion(null);
    setStatusRows(draft.rows);
    revision.reset();
    if (!draft.check()) return;
    draft.saveTo(roomId).then(
      (glossary) => then(glossary.version),
      () => undefined,
    );
  };
  const submit = saveThen(setSavedVersion);
  const applyToLastLines = saveThen(() => revision.mutate());
  const saveAndClose = () => {
    setAsking(false);
    saveThen(onClose)();
  };

  return (
    <Modal labelledBy={`${id}-title`} onClose={requestClose} className="glossary-dialog" testId="glossary-dialog">
      <div className="glossary-dialog-head">
        <button
          type="button"
          className="btn btn-ghost modal-close"
          onClick={requestClose}
          aria-label={t('glossary.close')}
          data-testid="glossary-close"
        >
          ×
        </button>
      </div>
      <GlossarySection draft={draft} exportName={exportName} headingId={`${id}-title`} disabled={draft.save.isPending} demand={demand} />
      <RecognitionVocabulary roomId={roomId} credential={credential} version={draft.query.data?.version} />
      <div className="glossary-dialog-foot">
        <div aria-live="polite" className="glossary-save-status">
          {draft.dirty && draft.state === 'ready' && (
            <p className="glossary-unsaved" data-testid="glossary-unsaved">
              {t('glossary.unsaved')}
            </p>
          )}
          {current && savedVersion !== null && !draft.save.isPending && (
            <p className="alert alert-info" data-testid="glossary-saved">
              {t('glossary.saved', { version: savedVersion })}
            </p>
          )}
          {current && <RevisionStatus revision={revision} t={t} />}
          {current && draft.save.isError && (
            <p className="alert alert-error" role="alert" data-testid="glossary-save-error">
              {t('glossary.saveFailed', { message: errorText(draft.save.error, t) })}
            </p>
          )}
        </div>
        <div className="actions">
          <button
            type="button"
            className="btn btn-primary"
            onClick={submit}
            disabled={draft.state !== 'ready' || busy}
            data-testid="glossary-save"
          >
            {draft.save.isPending ? t('glossary.saving') : t('glossary.save')}
          </button>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={applyToLastLines}
            disabled={draft.state !== 'ready' || busy}
            aria-describedby={`${id}-revise-hint`}
            data-testid="glossary-revise"
          >
            {t('glossary.revise', { lines: revision.lines })}
          </button>
          <button type="button" className="btn btn-secondary" onClick={requestClose} data-testid="glossary-close-foot">
            {t('glossary.close')}
          </button>
        </div>
        <p id={`${id}-revise-hint`} className="glossary-revise-hint">
          {t('glossary.reviseHint', { lines: revision.lines })}
        </p>
      </div>
      {asking && (
        <ChoiceDialog
          title={t('glossary.unsavedTitle')}
          description={t('glossary.unsavedQuestion')}
          cancelLabel={t('glossary.keepEditing')}
          choices={[
            { label: t('glossary.discard'), onChoose: onClose, testId: 'glossary-discard' },
            { label: t('glossary.saveAndClose'), onChoose: saveAndClose, tone: 'primary', testId: 'glossary-save-close' },
          ]}
          onCancel={() => setAsking(false)}
          testId="glossary-unsaved-dialog"
        />
      )}
    </Modal>
  );
}
