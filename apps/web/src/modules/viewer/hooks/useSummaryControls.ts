import type { LanguageCode, SummaryBody, SummaryResponse } from '@lt/contracts';
import { useRef, useState } from 'react';
import type { Translate } from '../../../i18n/translate';
import { useT } from '../../../i18n/useT';
import { errorText } from '../../../lib/error-text';
import { ApiError } from '../../../lib/http';
import type { CatchUpOffer } from '../catch-up';
import { useSummary, type SummaryKind } from './useSummary';

function summaryError(error: unknown, t: Translate): string {
  if (error instanceof ApiError && error.code === 'nothing_to_summarize') return t('viewer.summary.empty');
  return t('viewer.summary.failed', { message: errorText(error, t) });
}

interface SummaryControlsOptions {
  /** Asks the server (the viewer's socket: useViewerRoom's `askSummary`). */
  ask: (body: SummaryBody) => Promise<SummaryResponse>;
  lang: LanguageCode | null;
  hasMessages: boolean;
  offer: CatchUpOffer | null;
  onCatchUpDone: () => void;
}

/** The summary and the catch-up: what was asked for, whether it is open, and its result or error. */
export function useSummaryControls({ ask, lang, hasMessages, offer, onCatchUpDone }: SummaryControlsOptions) {
  const t = useT();
  const summary = useSummary(ask);
  const [localError, setLocalError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const generateRef = useRef<HTMLButtonElement>(null);

  const generate = () => {
    if (summary.isPending || !lang) return;
    setLocalError(null);
    setOpen(true);
    // A summary needs one translation at least; the server would say the same, one round trip later.
    if (!hasMessages) {
      summary.reset();
      setLocalError(t('viewer.summary.empty'));
      return;
    }
    summary.mutate({ kind: 'summary', lang });
  };

  const catchUp = () => {
    if (!lang || !offer || summary.isPending) return;
    setLocalError(null);
    setOpen(true);
    summary.mutate(
      { kind: 'catch-up', lang, ...(offer.kind === 'back' ? { sinceSeq: offer.sinceSeq } : {}) },
      { onSuccess: onCatchUpDone },
    );
  };

  const close = () => {
    setOpen(false);
    generateRef.current?.focus();
  };

  const error = localError ?? (summary.isError ? summaryError(summary.error, t) : null);
  const pending: SummaryKind | null = summary.isPending ? (summary.variables?.kind ?? 'summary') : null;
  const result = !error && !pending ? (summary.data ?? null) : null;
  // What the sheet is about: the request in flight, else the answer shown, else a plain summary.
  const kind: SummaryKind = pending ?? result?.kind ?? summary.variables?.kind ?? 'summary';

  return { open: open && lang !== null, generate, catchUp, close, error, pending, result, kind, generateRef };
}

export type SummaryControls = ReturnType<typeof useSummaryControls>;
