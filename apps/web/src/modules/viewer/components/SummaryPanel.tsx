import { textDirection, type LanguageCode } from '@lt/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { CopyButton } from '../../../components/CopyButton';
import { Icon } from '../../../components/Icon';
import type { Translate } from '../../../i18n/translate';
import { useT } from '../../../i18n/useT';
import { ApiError } from '../../../lib/http';
import type { CatchUpOffer } from '../catch-up';
import { useSummary } from '../hooks/useSummary';

function summaryError(error: unknown, t: Translate): string {
  if (error instanceof ApiError && error.code === 'nothing_to_summarize') return t('viewer.summary.empty');
  const message = error instanceof ApiError && error.message ? error.message : t('error.unexpected');
  return t('viewer.summary.failed', { message });
}

interface SummaryPanelProps {
  roomId: string;
  lang: LanguageCode | null;
  hasMessages: boolean;
  offer: CatchUpOffer | null;
  onCatchUpDone: () => void;
}

export function SummaryPanel({ roomId, lang, hasMessages, offer, onCatchUpDone }: SummaryPanelProps) {
  const t = useT();
  const summary = useSummary(roomId);
  const [localError, setLocalError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const boxRef = useRef<HTMLDivElement>(null);
  const generateRef = useRef<HTMLButtonElement>(null);
  const boxTitleId = useId();

  const generate = () => {
    if (summary.isPending) return;
    setLocalError(null);
    setOpen(true);
    if (!lang) return;
    // The spec needs one translation at least; the server would say the same, one round trip later.
    if (!hasMessages) {
      summary.reset();
      setLocalError(t('viewer.summary.empty'));
      return;
    }
    summary.mutate({ kind: 'summary', lang });
  };

  const catchUp = () => {
    if (!lang || !offer) return;
    setLocalError(null);
    setOpen(true);
    summary.mutate(
      { kind: 'catch-up', lang, ...(offer.kind === 'back' ? { sinceSeq: offer.sinceSeq } : {}) },
      { onSuccess: onCatchUpDone },
    );
  };

  const error = localError ?? (summary.isError ? summaryError(summary.error, t) : null);
  const result = summary.data;
  const shown = open && !error && result && !summary.isPending ? result : null;

  // A summary asked for by keyboard or screen reader is read out where it appears, not left unannounced.
  useEffect(() => {
    if (shown) boxRef.current?.focus();
  }, [shown]);

  const close = () => {
    setOpen(false);
    generateRef.current?.focus();
  };

  return (
    <section className="card summary-card" aria-labelledby="summary-title">
      <h2 id="summary-title" className="visually-hidden">
        {t('viewer.summary.title')}
      </h2>
      <div className="summary-actions">
        <button
          ref={generateRef}
          type="button"
          className="btn btn-secondary"
          data-testid="generate-summary"
          // Not `disabled` while busy: a disabled button drops the keyboard focus to the page.
          disabled={!lang}
          aria-disabled={summary.isPending}
          onClick={generate}
        >
          {summary.isPending && summary.variables?.kind === 'summary' ? t('viewer.summary.generating') : t('viewer.summary.generate')}
        </button>
        {offer && lang && (
          <div className="catch-up" data-testid="catch-up-offer" data-kind={offer.kind}>
            <p className="field-hint">
              {offer.kind === 'back' ? t('viewer.catchUp.back', { count: offer.missed }) : t('viewer.catchUp.late', { count: offer.missed })}
            </p>
            <button type="button" className="btn btn-primary" data-testid="catch-up" disabled={summary.isPending} onClick={catchUp}>
              {summary.isPending && summary.variables?.kind === 'catch-up' ? t('viewer.summary.generating') : t('viewer.catchUp.button')}
            </button>
          </div>
        )}
      </div>
      {open && error && (
        <p className="alert alert-error" role="alert" data-testid="summary-error">
          {error}
        </p>
      )}
      {shown && (
        <div
          ref={boxRef}
          className="summary-box"
          data-testid="summary-box"
          data-kind={shown.kind}
          tabIndex={-1}
          role="region"
          aria-labelledby={boxTitleId}
        >
          <div className="summary-head">
            <h3 id={boxTitleId}>{shown.kind === 'catch-up' ? t('viewer.summary.catchUpTitle') : t('viewer.summary.title')}</h3>
            <div className="actions">
              <CopyButton
                value={shown.summary}
                label={t('viewer.summary.copy')}
                copiedLabel={t('viewer.summary.copied')}
                testId="copy-summary"
              />
              <button type="button" className="btn btn-ghost" aria-label={t('viewer.summary.close')} onClick={close}>
                <Icon name="close" />
              </button>
            </div>
          </div>
          <p className="summary-text" data-testid="summary-text" lang={shown.lang} dir={textDirection(shown.lang)}>
            {shown.summary}
          </p>
        </div>
      )}
    </section>
  );
}
