import type { RoomResponse } from '@lt/contracts';
import { useRef, useState } from 'react';
import { Icon } from '../../../components/Icon';
import { AnalyticsLink } from '../../analytics/components/AnalyticsLink';
import { useDashboardT } from '../../../i18n/useDashboardT';
import { errorText } from '../../../lib/error-text';
import { CopyLinkButton } from '../../dashboard/components/CopyLinkButton';
import { ErrorBanner } from '../../dashboard/components/ErrorBanner';
import { RoomListBody } from '../../dashboard/components/RoomListBody';
import { languageName, localeDateTime } from '../../dashboard/format';
import { useLocale } from '../../../i18n/useLocale';
import { useRoomActions } from '../../rooms/hooks/useRoomActions';
import { RetentionBadge } from '../../retention/components/RetentionBadge';
import { useRoomList } from '../../rooms/hooks/useRoomList';
import { formatDuration, roomDurationMinutes } from '../duration';
import { TranscriptModal } from './TranscriptModal';

const ENDED = { status: 'ended', order: 'updated_desc' } as const;

export function HistoryScreen() {
  const t = useDashboardT();
  const { locale } = useLocale();
  const rooms = useRoomList(ENDED);
  const { duplicate } = useRoomActions();
  const [transcriptOf, setTranscriptOf] = useState<RoomResponse | null>(null);
  const error = rooms.error ?? duplicate.error;

  // A duplicate request is ignored while another one runs; a ref sees a second click before React re-renders.
  const duplicating = useRef(false);
  const duplicateRoom = (roomId: string) => {
    if (duplicating.current) return;
    duplicating.current = true;
    duplicate.mutate(roomId, { onSettled: () => (duplicating.current = false) });
  };

  return (
    <div>
      <header className="page-header">
        <h1>{t('history.title')}</h1>
        <p className="muted">{t('history.subtitle')}</p>
      </header>
      {error && <ErrorBanner message={errorText(error, t)} />}
      {duplicate.isSuccess && (
        <p className="alert alert-success" role="status" data-testid="duplicated-notice">
          {t('history.duplicated', { name: duplicate.data.name })}
        </p>
      )}
      <RoomListBody rooms={rooms} list="history" icon="history">
        {(list) => (
          <div className="card table-card">
            <table className="data-table" aria-label={t('history.table')}>
              <thead>
                <tr>
                  <th scope="col">{t('history.colRoom')}</th>
                  <th scope="col">{t('history.colDate')}</th>
                  <th scope="col">{t('history.colDuration')}</th>
                  <th scope="col">{t('history.colLanguage')}</th>
                  <th scope="col">{t('history.colActions')}</th>
                </tr>
              </thead>
              <tbody>
                {list.map((room) => (
                  <tr key={room.id} data-testid="history-row" data-room-id={room.id}>
                    <td data-label={t('history.colRoom')}>
                      <strong className="cell-title">{room.name}</strong>
                      <code className="cell-sub">{room.id.slice(0, 8)}</code>
                      <RetentionBadge room={room} />
                    </td>
                    <td data-label={t('history.colDate')} data-testid="history-date">
                      {localeDateTime(room.created_at, locale)}
                    </td>
                    <td data-label={t('history.colDuration')} data-testid="history-duration">
                      {formatDuration(roomDurationMinutes(room.created_at, room.updated_at))}
                    </td>
                    <td data-label={t('history.colLanguage')}>
                      {languageName(room.source_language) ?? <span className="muted">{t('dashboard.notConfigured')}</span>}
                    </td>
                    <td data-label={t('history.colActions')}>
                      <div className="row-actions row-actions-wrap">
                        <button
                          type="button"
                          className="btn btn-secondary btn-sm"
                          aria-label={t('history.duplicateLabel', { name: room.name })}
                          aria-disabled={duplicate.isPending}
                          data-testid="duplicate-room"
                          onClick={() => duplicateRoom(room.id)}
                        >
                          <Icon name="duplicate" size={14} />
                          {t('history.duplicate')}
                        </button>
                        <CopyLinkButton value={room.viewer_link} name={room.name} compact />
                        <AnalyticsLink roomId={room.id} name={room.name} from="history" />
                        <button
                          type="button"
                          className="btn btn-primary btn-sm"
                          aria-label={t('history.transcriptLabel', { name: room.name })}
                          data-testid="view-transcript"
                          onClick={() => setTranscriptOf(room)}
                        >
                          <Icon name="file" size={14} />
                          {t('history.transcript')}
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </RoomListBody>
      {transcriptOf && <TranscriptModal room={transcriptOf} onClose={() => setTranscriptOf(null)} />}
    </div>
  );
}
