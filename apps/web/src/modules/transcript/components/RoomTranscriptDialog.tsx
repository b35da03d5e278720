import { findLanguage, TRANSCRIPT_FORMATS, type LanguageCode, type TranscriptFormat } from '@lt/contracts';
import { useQuery } from '@tanstack/react-query';
import { useContext, useEffect, useId, useState } from 'react';
import { Icon } from '../../../components/Icon';
import { languageNameIn } from '../../../lib/language-names';
import { Modal } from '../../../components/Modal';
import { Spinner } from '../../../components/Spinner';
import { I18nContext } from '../../../i18n/i18n-context';
import { useRoomTranscriptT } from '../../../i18n/useRoomTranscriptT';
import { errorText } from '../../../lib/error-text';
import { ApiError } from '../../../lib/http';
import { saveFile } from '../../../lib/save-file';
import { useLatest } from '../../../lib/useLatest';
import { dateLocale } from '../../dashboard/format';
import { downloadRoomTranscript, getRoomTranscript } from '../transcript.api';

const FORMATS = TRANSCRIPT_FORMATS;

/** The owner turned viewer downloads off since the page loaded. */
const isRefusal = (error: unknown) => error instanceof ApiError && error.code === 'transcript_downloads_off';

interface RoomTranscriptDialogProps {
  roomId: string;
  lang: LanguageCode | null;
  hostKey: string | null;
  onClose: () => void;
  /** The server said the owner turned viewer downloads off. */
  onRefused: () => void;
}

/** The room's transcript in the reader's language, with its three files to download. */
export function RoomTranscriptDialog({ roomId, lang, hostKey, onClose, onRefused }: RoomTranscriptDialogProps) {
  const t = useRoomTranscriptT();
  const { locale } = useContext(I18nContext);
  const ids = useId();
  const [downloading, setDownloading] = useState<TranscriptFormat | null>(null);
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const transcript = useQuery({
    queryKey: ['view', roomId, 'transcript', lang, hostKey !== null],
    queryFn: () => getRoomTranscript(roomId, lang, hostKey),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
  const onRefusedRef = useLatest(onRefused);
  useEffect(() => {
    if (isRefusal(transcript.error)) onRefusedRef.current();
  }, [transcript.error, onRefusedRef]);

  const download = async (format: TranscriptFormat) => {
    setDownloading(format);
    setDownloadError(null);
    try {
      const file = await downloadRoomTranscript(roomId, format, lang, hostKey, locale);
      saveFile(file.blob, file.filename ?? `transcript-${roomId.slice(0, 8)}.${format}`);
    } catch (error) {
      setDownloadError(error);
      if (isRefusal(error)) onRefused();
    } finally {
      setDownloading(null);
    }
  };

  const data = transcript.data;
  const language = findLanguage(data?.lang ?? null);
  // As the downloaded file writes them (the browser's variant of the interface language: 12 or 24 hours).
  const time = new Intl.DateTimeFormat(dateLocale(locale), { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  const meta =
    data &&
    (language
      ? t('roomTranscript.inLanguage', { language: languageNameIn(language, locale), count: data.lines.length })
      : t('roomTranscript.asSpoken', { count: data.lines.length }));
  const showSpeakers = new Set(data?.lines.map((line) => line.speaker_name)).size > 1;

  return (
    <Modal labelledBy={`${ids}-title`} describedBy={`${ids}-meta`} className="room-transcript" onClose={onClose} testId="room-transcript">
      {/* A div, not a header: inside a dialog a header would be a second banner landmark of the page. */}
      <div className="room-transcript-header">
        <div>
          <h2 id={`${ids}-title`} className="dialog-title">
            {data ? t('roomTranscript.title', { name: data.room.name }) : t('roomTranscript.titleNoName')}
          </h2>
          <p id={`${ids}-meta`} className="muted room-transcript-meta" data-testid="room-transcript-meta">
            {meta}
          </p>
        </div>
        <button
          type="button"
          className="btn btn-ghost btn-icon"
          aria-label={t('roomTranscript.close')}
          data-testid="room-transcript-close"
          onClick={onClose}
        >
          <Icon name="close" size={18} />
        </button>
      </div>
      <div className="room-transcript-downloads" role="group" aria-label={t('roomTranscript.download')}>
        {FORMATS.map((format) => (
          <button
            key={format}
            type="button"
            className="btn btn-secondary btn-sm"
            aria-label={t('roomTranscript.downloadAs', { format: `.${format}` })}
            disabled={downloading !== null || !data}
            data-testid={`room-transcript-download-${format}`}
            onClick={() => void download(format)}
          >
            <Icon name="download" size={14} />
            {downloading === format ? t('roomTranscript.downloading') : `.${format}`}
          </button>
        ))}
      </div>
      {downloadError !== null && (
        <p className="alert alert-error" role="alert" data-testid="room-transcript-download-error">
          {t('roomTranscript.downloadFailed', { message: errorText(downloadError, t) })}
        </p>
      )}
      {transcript.isPending && <Spinner label={t('roomTranscript.loading')} testId="room-transcript-loading" />}
      {transcript.isError && (
        <div className="alert alert-error" role="alert" data-testid="room-transcript-error">
          <p>{t('roomTranscript.failed', { message: errorText(transcript.error, t) })}</p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void transcript.refetch()}>
            {t('roomTranscript.retry')}
          </button>
        </div>
      )}
      {data && data.lines.length === 0 && <p className="muted">{t('roomTranscript.empty')}</p>}
      {data && data.lines.length > 0 && (
        <ol
          className="room-transcript-lines"
          aria-label={t('roomTranscript.lines')}
          lang={data.lang ?? data.room.source_language ?? undefined}
          dir={data.dir}
          tabIndex={0}
        >
          {data.lines.map((line) => (
            <li key={line.message_id} data-testid="room-transcript-line">
              <time dateTime={line.timestamp} dir="ltr" className="room-transcript-time">
                {time.format(new Date(line.timestamp))}
              </time>
              {showSpeakers && <span className="room-transcript-speaker">{line.speaker_name}</span>}
              <span className="room-transcript-text">{line.text}</span>
            </li>
          ))}
        </ol>
      )}
    </Modal>
  );
}
