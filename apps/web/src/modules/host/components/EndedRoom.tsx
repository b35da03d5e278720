import type { LanguageCode } from '@lt/contracts';
import { Link } from 'react-router-dom';
import { CopyField } from '../../../components/CopyField';
import { useRoomT } from '../../../i18n/useRoomT';
import { hostUrl } from '../../../lib/links';
import { AnalyticsReportView } from '../../analytics/components/AnalyticsReportView';
import { useAnalyticsReport } from '../../analytics/hooks/useAnalytics';
import { RoomTranscriptButton } from '../../transcript/components/RoomTranscriptButton';
import { EndedSummary } from './EndedSummary';
import '../../../styles/ended-room.css';

interface EndedRoomProps {
  roomId: string;
  name: string;
  /** null: the signed-in owner, whose dashboard holds the room's transcript too. */
  hostKey: string | null;
  sourceLanguage: LanguageCode | null;
  /** Starts the room again; null while it cannot (no language yet). */
  onReopen: (() => void) | null;
  reopening: boolean;
}

/** What an ended room leaves: its transcript, its summary and its analytics, and a way to open it again. */
export function EndedRoom({ roomId, name, hostKey, sourceLanguage, onReopen, reopening }: EndedRoomProps) {
  const t = useRoomT();
  const report = useAnalyticsReport(roomId, hostKey);
  return (
    <div className="ended-room" data-testid="room-ended">
      <section className="card ended-card ended-intro" aria-labelledby="ended-title">
        <h2 id="ended-title">{t('ended.title')}</h2>
        <p>{t('ended.body')}</p>
        {hostKey && (
          <CopyField
            label={t('ended.keepLink')}
            value={hostUrl(window.location.origin, roomId, hostKey, name)}
            testId="ended-host-link"
            copyTestId="copy-ended-host-link"
            secret
          />
        )}
        {onReopen && (
          <div className="ended-reopen">
            <button
              type="button"
              className="btn btn-secondary"
              data-testid="reopen-room"
              disabled={reopening}
              aria-busy={reopening}
              aria-describedby="ended-reopen-hint"
              onClick={onReopen}
            >
              {reopening ? t('host.starting') : t('ended.reopen')}
            </button>
            <p id="ended-reopen-hint" className="field-hint">
              {t('ended.reopenHint')}
            </p>
          </div>
        )}
      </section>
      <div className="ended-grid">
        <section className="card ended-card" aria-labelledby="ended-transcript-title">
          <h2 id="ended-transcript-title">{t('ended.transcript')}</h2>
          <p className="muted">{t('ended.transcriptHint')}</p>
          {hostKey ? (
            <RoomTranscriptButton roomId={roomId} lang={null} hostKey={hostKey} className="btn btn-primary" />
          ) : (
            <Link to="/dashboard/history" className="btn btn-primary" data-testid="ended-history">
              {t('ended.history')}
            </Link>
          )}
        </section>
        <EndedSummary roomId={roomId} lang={sourceLanguage ?? 'en'} />
      </div>
      <section className="ended-analytics" aria-labelledby="ended-analytics-title">
        <h2 id="ended-analytics-title">{t('ended.analytics')}</h2>
        <AnalyticsReportView report={report} roomId={roomId} hostKey={hostKey} />
      </section>
    </div>
  );
}
