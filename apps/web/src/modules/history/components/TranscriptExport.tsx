import { LANGUAGES, TRANSCRIPT_FORMATS, type RoomResponse, type TranscriptFormat } from '@lt/contracts';
import { useId, useState } from 'react';
import { Icon } from '../../../components/Icon';
import { languageOptionLabel } from '../../../lib/language-names';
import { useLocale } from '../../../i18n/useLocale';
import { useDashboardT } from '../../../i18n/useDashboardT';
import { errorText } from '../../../lib/error-text';
import { languageName } from '../../dashboard/format';
import { useExportTranscript } from '../../rooms/hooks/useExportTranscript';

const FORMATS = TRANSCRIPT_FORMATS;

/** Format and language of a transcript file, fetched from the export route in the viewer's time zone. */
export function TranscriptExport({ id, room }: { id: string; room: RoomResponse }) {
  const t = useDashboardT();
  const { locale } = useLocale();
  const ids = useId();
  const [format, setFormat] = useState<TranscriptFormat>('txt');
  const [lang, setLang] = useState('');
  const download = useExportTranscript(room.id);
  const source = languageName(room.source_language);

  return (
    <div id={id} className="transcript-export" data-testid="transcript-export-panel">
      <div className="field">
        <label className="field-label" htmlFor={`${ids}-format`}>
          {t('transcript.exportFormat')}
        </label>
        <select
          id={`${ids}-format`}
          className="select"
          value={format}
          data-testid="export-format"
          onChange={(e) => setFormat(e.target.value as TranscriptFormat)}
        >
          {FORMATS.map((option) => (
            <option key={option} value={option}>
              .{option}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${ids}-lang`}>
          {t('transcript.exportLanguage')}
        </label>
        <select id={`${ids}-lang`} className="select" value={lang} data-testid="export-language" onChange={(e) => setLang(e.target.value)}>
          <option value="">{source ? `${t('transcript.exportSource')} (${source})` : t('transcript.exportSource')}</option>
          {LANGUAGES.filter((language) => language.code !== room.source_language).map((language) => (
            <option key={language.code} value={language.code}>
              {languageOptionLabel(language, locale)}
            </option>
          ))}
        </select>
      </div>
      <button
        type="button"
        className="btn btn-primary btn-sm"
        disabled={download.isPending}
        data-testid="export-download"
        onClick={() => download.mutate({ format, ...(lang ? { lang } : {}) })}
      >
        <Icon name="download" size={14} />
        {download.isPending ? t('transcript.downloading') : t('transcript.download')}
      </button>
      {download.isError && (
        <p className="alert alert-error" role="alert">
          {t('transcript.exportError', { message: errorText(download.error, t) })}
        </p>
      )}
    </div>
  );
}
