import { findLanguage, textDirection, type LanguageCode } from '@lt/contracts';
import { useId } from 'react';
import { useRoomT } from '../../../i18n/useRoomT';
import { useLocale } from '../../../i18n/useLocale';
import { ApiError } from '../../../lib/http';
import { languageNameIn } from '../../../lib/language-names';
import { requestSummary } from '../../viewer/api/viewer.api';
import { useSummary } from '../../viewer/hooks/useSummary';

/** The ended room's summary, written on request in the language the host spoke. */
export function EndedSummary({ roomId, lang }: { roomId: string; lang: LanguageCode }) {
  const t = useRoomT();
  const { locale } = useLocale();
  const titleId = useId();
  const summary = useSummary((body) => requestSummary(roomId, body));
  const language = findLanguage(lang);
  const error =
    summary.error instanceof ApiError && summary.error.code === 'nothing_to_summarize'
      ? t('viewer.summary.empty')
      : summary.error
        ? t('viewer.summary.failed', { message: summary.error.message || t('error.unexpected') })
        : null;
  return (
    <section className="card ended-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('ended.summary')}</h2>
      <p className="muted">{t('ended.summaryHint', { language: language ? languageNameIn(language, locale) : lang })}</p>
      {summary.data ? (
        <p className="summary-text" data-testid="ended-summary-text" lang={summary.data.lang} dir={textDirection(summary.data.lang)}>
          {summary.data.summary}
        </p>
      ) : (
        <button
          type="button"
          className="btn btn-secondary"
          data-testid="ended-summary"
          disabled={summary.isPending}
          aria-busy={summary.isPending}
          onClick={() => summary.mutate({ kind: 'summary', lang })}
        >
          {summary.isPending ? t('viewer.summary.generating') : t('ended.summaryWrite')}
        </button>
      )}
      {error && (
        <p className="alert alert-error" role="alert" data-testid="ended-summary-error">
          {error}
        </p>
      )}
    </section>
  );
}
