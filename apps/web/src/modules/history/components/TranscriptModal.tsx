import type { RoomResponse, TranscriptMessage } from '@lt/contracts';
import { useEffect, useId, useState } from 'react';
import { Icon } from '../../../components/Icon';
import { Modal } from '../../../components/Modal';
import { Spinner } from '../../../components/Spinner';
import { useDashboardT } from '../../../i18n/useDashboardT';
import { errorText } from '../../../lib/error-text';
import { languageName, localeDateTime } from '../../dashboard/format';
import { useLocale } from '../../../i18n/useLocale';
import { useTranscript } from '../../rooms/hooks/useTranscript';
import { formatDuration, roomDurationMinutes } from '../duration';
import { messageTime, transcriptCopyText } from '../transcript-text';
import { TranscriptExport } from './TranscriptExport';

const COPIED_FOR_MS = 2000;

const CONFIDENCE = {
  high: ['success', 'transcript.high'],
  medium: ['warning', 'transcript.medium'],
  low: ['danger', 'transcript.low'],
} as const;

/** Confidence badges: high 'Alta confianza', medium 'Confianza media', anything else 'Baja confianza'. */
function confidenceOf(level: string) {
  return level === 'high' || level === 'medium' ? CONFIDENCE[level] : CONFIDENCE.low;
}

export function TranscriptModal({ room, onClose }: { room: RoomResponse; onClose: () => void }) {
  const t = useDashboardT();
  const { locale } = useLocale();
  const ids = useId();
  const transcript = useTranscript(room.id);
  const [exporting, setExporting] = useState(false);
  const [copied, setCopied] = useState(false);
  const shown = transcript.data?.room ?? room;
  const messages = transcript.data?.messages;
  const language = languageName(shown.source_language) ?? t('dashboard.notConfigured');

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    if (!messages) return;
    try {
      await navigator.clipboard.writeText(transcriptCopyText(messages, locale));
      setCopied(true);
    } catch (error) {
      console.warn('Clipboard copy failed', error);
    }
  };

  return (
    <Modal
      labelledBy={`${ids}-title`}
      describedBy={`${ids}-meta`}
      className="transcript-dialog"
      onClose={onClose}
      testId="transcript-modal"
    >
      {/* A div, not a header: inside a dialog a header would be a second banner landmark of the page. */}
      <div className="transcript-header">
        <div className="transcript-heading">
          <h2 id={`${ids}-title`} className="dialog-title">
            {t('transcript.title', { name: shown.name })}
          </h2>
          <p id={`${ids}-meta`} className="muted transcript-meta" data-testid="transcript-meta">
            {t('transcript.meta', {
              date: localeDateTime(shown.created_at, locale),
              duration: formatDuration(roomDurationMinutes(shown.created_at, shown.updated_at)),
              count: messages?.length ?? 0,
            })}
          </p>
        </div>
        <button
          type="button"
          className="btn btn-ghost btn-icon"
          aria-label={t('transcript.close')}
          data-testid="transcript-close"
          onClick={onClose}
        >
          <Icon name="close" size={18} />
        </button>
      </div>
      <div className="actions transcript-toolbar">
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={!messages?.length}
          data-testid="transcript-copy"
          onClick={() => void copy()}
        >
          <Icon name={copied ? 'check' : 'copy'} size={14} />
          {copied ? t('transcript.copied') : t('transcript.copy')}
        </button>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          aria-expanded={exporting}
          aria-controls="transcript-export"
          data-testid="transcript-export"
          onClick={() => setExporting((value) => !value)}
        >
          <Icon name="download" size={14} />
          {t('transcript.export')}
        </button>
        <span className="visually-hidden" role="status">
          {copied ? t('transcript.copied') : ''}
        </span>
      </div>
      {exporting && <TranscriptExport id="transcript-export" room={shown} />}
      <div className="transcript-body" data-testid="transcript-body">
        {transcript.isPending ? (
          <Spinner label={t('transcript.loading')} testId="transcript-loading" />
        ) : transcript.isError ? (
          <p className="alert alert-error" role="alert" data-testid="transcript-error">
            {t('transcript.error', { message: errorText(transcript.error, t) })}
          </p>
        ) : transcript.data.messages.length === 0 ? (
          <div className="empty-state transcript-empty" data-testid="transcript-empty">
            <h3>{t('transcript.emptyTitle')}</h3>
            <p className="muted">{t('transcript.emptyBody')}</p>
          </div>
        ) : (
          <ol className="transcript-messages">
            {transcript.data.messages.map((message) => (
              <TranscriptLine key={message.message_id} message={message} />
            ))}
          </ol>
        )}
      </div>
      <footer className="transcript-footer muted" data-testid="transcript-footer">
        <span>{t('transcript.total', { count: messages?.length ?? 0 })}</span>
        <span>{t('transcript.language', { language })}</span>
      </footer>
    </Modal>
  );
}

function TranscriptLine({ message }: { message: TranscriptMessage }) {
  const t = useDashboardT();
  const { locale } = useLocale();
  const [tone, label] = confidenceOf(message.confidence_level);
  return (
    <li className="transcript-message" data-testid="transcript-message">
      <div className="transcript-message-head">
        <time dateTime={message.message_timestamp} className="muted">
          {messageTime(message.message_timestamp, locale)}
        </time>
        <span className={`badge badge-${tone}`} data-testid="confidence-badge">
          {t(label)}
        </span>
      </div>
      <p>{message.text}</p>
    </li>
  );
}
