import type { RoomResponse } from '@lt/contracts';
import { Link } from 'react-router-dom';
import { Icon } from '../../../components/Icon';
import { AnalyticsLink } from '../../analytics/components/AnalyticsLink';
import { useDashboardT } from '../../../i18n/useDashboardT';
import { errorText } from '../../../lib/error-text';
import { hostPath } from '../../../lib/links';
import { CopyLinkButton } from '../../dashboard/components/CopyLinkButton';
import { DeleteRoomButton } from '../../dashboard/components/DeleteRoomButton';
import { ErrorBanner } from '../../dashboard/components/ErrorBanner';
import { RoomStatusBadge } from '../../dashboard/components/RoomStatusBadge';
import { RoomListBody } from '../../dashboard/components/RoomListBody';
import { languageName, shortViewerLink } from '../../dashboard/format';
import { useRoomActions } from '../../rooms/hooks/useRoomActions';
import { useRoomList } from '../../rooms/hooks/useRoomList';

const OPEN_ROOMS = { status: 'scheduled,active', order: 'updated_desc' } as const;

export function ActiveRoomsScreen() {
  const t = useDashboardT();
  const rooms = useRoomList(OPEN_ROOMS);
  const { setLive, remove } = useRoomActions();
  const error = rooms.error ?? setLive.error ?? remove.error;

  return (
    <div>
      <header className="page-header page-header-row">
        <div>
          <h1>{t('active.title')}</h1>
          <p className="muted">{t('active.subtitle')}</p>
        </div>
        <Link to="/dashboard/create" className="btn btn-primary" data-testid="new-room-link">
          <Icon name="plus" size={18} />
          {t('active.new')}
        </Link>
      </header>
      {error && <ErrorBanner message={errorText(error, t)} />}
      <RoomListBody rooms={rooms} list="active" icon="activity">
        {(list) => (
          <div className="card table-card">
            <table className="data-table" aria-label={t('active.table')}>
              <thead>
                <tr>
                  <th scope="col">{t('active.colRoom')}</th>
                  <th scope="col">{t('active.colStatus')}</th>
                  <th scope="col">{t('active.colLanguage')}</th>
                  <th scope="col">{t('active.colLink')}</th>
                  <th scope="col">{t('active.colActions')}</th>
                </tr>
              </thead>
              <tbody>
                {list.map((room) => (
                  <ActiveRoomRow
                    key={room.id}
                    room={room}
                    busy={setLive.isPending && setLive.variables?.roomId === room.id}
                    onToggle={() => setLive.mutate({ roomId: room.id, live: room.status !== 'active' })}
                    onDelete={() => remove.mutate(room.id)}
                  />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </RoomListBody>
    </div>
  );
}

interface RowProps {
  room: RoomResponse;
  busy: boolean;
  onToggle: () => void;
  onDelete: () => void;
}

function ActiveRoomRow({ room, busy, onToggle, onDelete }: RowProps) {
  const t = useDashboardT();
  const active = room.status === 'active';
  return (
    <tr data-testid="active-room-row" data-room-id={room.id}>
      <td data-label={t('active.colRoom')}>
        <strong className="cell-title">{room.name}</strong>
        <code className="cell-sub">{room.id.slice(0, 8)}</code>
      </td>
      <td data-label={t('active.colStatus')}>
        <RoomStatusBadge status={room.status} />
      </td>
      <td data-label={t('active.colLanguage')} data-testid="room-language">
        {languageName(room.source_language) ?? <span className="muted">{t('dashboard.notConfigured')}</span>}
      </td>
      <td data-label={t('active.colLink')}>
        <span className="link-cell">
          <code title={room.viewer_link}>{shortViewerLink(room.id)}</code>
          <CopyLinkButton value={room.viewer_link} name={room.name} compact />
        </span>
      </td>
      <td data-label={t('active.colActions')}>
        <div className="row-actions row-actions-wrap">
          <Link
            to={hostPath(room.id, room.name)}
            className="btn btn-secondary btn-sm"
            aria-label={t('active.openLabel', { name: room.name })}
            data-testid="open-room"
          >
            {t('active.open')}
          </Link>
          <button
            type="button"
            className={active ? 'btn btn-danger-outline btn-sm' : 'btn btn-primary btn-sm'}
            disabled={busy}
            aria-label={t(active ? 'active.endLabel' : 'active.activateLabel', { name: room.name })}
            data-testid={active ? 'end-room' : 'activate-room'}
            onClick={onToggle}
          >
            <Icon name={active ? 'stop' : 'play'} size={14} />
            {t(active ? 'active.end' : 'active.activate')}
          </button>
          <a
            href={room.viewer_link}
            target="_blank"
            rel="noopener noreferrer"
            className="btn btn-ghost btn-sm btn-icon"
            aria-label={t('active.viewLabel', { name: room.name })}
            title={t('active.view')}
            data-testid="open-viewer"
          >
            <Icon name="external" size={16} />
          </a>
          <AnalyticsLink roomId={room.id} name={room.name} from="active" />
          <DeleteRoomButton name={room.name} onDelete={onDelete} compact />
        </div>
      </td>
    </tr>
  );
}
