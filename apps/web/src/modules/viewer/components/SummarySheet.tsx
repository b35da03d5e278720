import { textDirection } from '@lt/contracts';
import { useEffect, useId, useRef } from 'react';
import { CopyButton } from '../../../components/CopyButton';
import { Icon } from '../../../components/Icon';
import { Modal } from '../../../components/Modal';
import { useT } from '../../../i18n/useT';
import type { SummaryControls } from '../hooks/useSummaryControls';

/**
 * The summary (or catch-up) opens over the captions, not above them: a dialog on a laptop, a sheet from the
 * bottom on a phone. Focus goes into it, then to the summary once written, and back to the summary button after.
 */
export function SummarySheet({ controls }: { controls: SummaryControls }) {
  const t = useT();
  const titleId = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  const { result, error, pending, kind, close } = controls;

  // A summary asked for by keyboard or screen reader is read out where it appears, not left unannounced.
  useEffect(() => {
    if (result) boxRef.current?.focus();
  }, [result]);

  const title = kind === 'catch-up' ? t('viewer.summary.catchUpTitle') : t('viewer.summary.title');
  const head = (
    <div className="summary-head">
      <h2 id={titleId}>{title}</h2>
      <div className="actions">
        {result && (
          <CopyButton
            value={result.summary}
            label={t('viewer.summary.copy')}
            copiedLabel={t('viewer.summary.copied')}
            testId="copy-summary"
          />
        )}
        <button type="button" className="btn btn-ghost" aria-label={t('viewer.summary.close')} onClick={close}>
          <Icon name="close" />
        </button>
      </div>
    </div>
  );

  return (
    <Modal labelledBy={titleId} className="summary-sheet" onClose={close} testId="summary-sheet">
      {result ? (
        <div
          ref={boxRef}
          className="summary-box"
          data-testid="summary-box"
          data-kind={result.kind}
          tabIndex={-1}
          role="region"
          aria-labelledby={titleId}
        >
          {head}
          <p className="summary-text" data-testid="summary-text" lang={result.lang} dir={textDirection(result.lang)}>
            {result.summary}
          </p>
        </div>
      ) : (
        <div className="summary-box">
          {head}
          {pending && (
            <p className="summary-pending" role="status">
              <span className="spinner" aria-hidden="true" />
              {t('viewer.summary.generating')}
            </p>
          )}
          {error && (
            <p className="alert alert-error" role="alert" data-testid="summary-error">
              {error}
            </p>
          )}
        </div>
      )}
    </Modal>
  );
}
