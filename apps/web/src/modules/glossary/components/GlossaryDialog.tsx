import { useId, useState } from 'react';
import { Modal } from '../../../components/Modal';
import { useGlossaryT } from '../../../i18n/useGlossaryT';
import { errorText } from '../../../lib/error-text';
import type { GlossaryCredential } from '../api/glossary.api';
import { useGlossaryDraft } from '../hooks/useGlossaryDraft';
import { GlossarySection } from './GlossarySection';

interface GlossaryDialogProps {
  roomId: string;
  credential: GlossaryCredential;
  exportName: string;
  onClose: () => void;
}

/** The host page's glossary, in a dialog of its own chunk: saved edits apply from the next sentence. */
export default function GlossaryDialog({ roomId, credential, exportName, onClose }: GlossaryDialogProps) {
  const t = useGlossaryT();
  const id = useId();
  const draft = useGlossaryDraft(roomId, credential);
  const [savedVersion, setSavedVersion] = useState<number | null>(null);

  const submit = () => {
    setSavedVersion(null);
    if (!draft.check()) return;
    draft.saveTo(roomId).then((glossary) => setSavedVersion(glossary.version), () => undefined);
  };

  return (
    <Modal labelledBy={`${id}-title`} onClose={onClose} className="glossary-dialog" testId="glossary-dialog">
      <div className="glossary-dialog-head">
        <button type="button" className="btn btn-ghost modal-close" onClick={onClose} aria-label={t('glossary.close')} data-testid="glossary-close">
          ×
        </button>
      </div>
      <GlossarySection draft={draft} exportName={exportName} headingId={`${id}-title`} disabled={draft.save.isPending} />
      <div className="glossary-dialog-foot">
        <div aria-live="polite" className="glossary-save-status">
          {savedVersion !== null && !draft.save.isPending && (
            <p className="alert alert-info" data-testid="glossary-saved">
              {t('glossary.saved', { version: savedVersion })}
            </p>
          )}
          {draft.save.isError && (
            <p className="alert alert-error" role="alert" data-testid="glossary-save-error">
              {t('glossary.saveFailed', { message: errorText(draft.save.error, t) })}
            </p>
          )}
        </div>
        <div className="actions">
          <button type="button" className="btn btn-primary" onClick={submit} disabled={draft.state !== 'ready' || draft.save.isPending} data-testid="glossary-save">
            {draft.save.isPending ? t('glossary.saving') : t('glossary.save')}
          </button>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('glossary.close')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
