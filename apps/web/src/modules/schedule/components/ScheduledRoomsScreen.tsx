import type { RoomResponse } from '@lt/contracts';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Icon } from '../../../components/Icon';
import { useLocale } from '../../../i18n/useLocale';
import { useDashboardT } from '../../../i18n/useDashboardT';
import { errorText } from '../../../lib/error-text';
import { CopyLinkButton } from '../../dashboard/components/CopyLinkButton';
import { DeleteRoomButton } from '../../dashboard/components/DeleteRoomButton';
import { ErrorBanner } from '../../dashboard/components/ErrorBanner';
import { RoomListBody } from '../../dashboard/components/RoomListBody';
import { languageName, localeDateTime } from '../../dashboard/format';
import { useRoomActions } from '../../rooms/hooks/useRoomActions';
import { useRoomList } from '../../rooms/hooks/useRoomList';
import { useStartRoom } from '../../rooms/hooks/useStartRoom';
import { isReadyToStart } from '../ready-to-start';

const SCHEDULED = { status: 'scheduled', order: 'scheduled_asc' } as const;
const TICK_MS = 30_000;

/** The clock the 'ready to start' badges follow, so they change without a reload. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function ScheduledRoomsScreen() {
  const t = useDashboardT();
  const rooms = useRoomList(SCHEDULED);
  const now = useNow();
  const startRoom = useStartRoom();
  const { remove } = useRoomActions();
  const error = rooms.error ?? startRoom.error ?? remove.error;

  return (
    <div>
      <header className="page-header page-header-row">
        <div>
          <h1>{t('scheduled.title')}</h1>
          <p className="muted">{t('scheduled.subtitle')}</p>
        </div>
        <Link to="/dashboard/create" className="btn btn-primary">
          <Icon name="plus" size={18} />
          {t('scheduled.new')}
        </Link>
      </header>
      {error && <ErrorBanner message={errorText(error, t)} />}
      <RoomListBody rooms={rooms} list="scheduled" icon="calendar">
        {(list) => (
          <ul className="schedule-list">
            {list.map((room) => (
              <ScheduledRoomCard
                key={room.id}
                room={room}
                ready={isReadyToStart(room.scheduled_at, now)}
                starting={startRoom.isPending && startRoom.variables === room.id}
                onStart={() => startRoom.mutate(room.id)}
                onDelete={() => remove.mutate(room.id)}
              />
            ))}
          </ul>
        )}
      </RoomListBody>
    </div>
  );
}

interface CardProps {
  room: RoomResponse;
  ready: boolean;
  starting: boolean;
  onStart: () => void;
  onDelete: () => void;
}

function ScheduledRoomCard({ room, ready, starting, onStart, onDelete }: CardProps) {
  const t = useDashboardT();
  const { locale } = useLocale();
  return (
    <li className="card schedule-card" data-testid="scheduled-room" data-ready={ready}>
      <div className="schedule-card-head">
        <h2>{room.name}</h2>
        <span className={`badge badge-${ready ? 'success' : 'muted'}`} data-testid="ready-badge">
          {room.scheduled_at ? t(ready ? 'scheduled.ready' : 'scheduled.notReady') : t('scheduled.noTime')}
        </span>
      </div>
      <dl className="schedule-facts">
        <div>
          <dt>{t('scheduled.when')}</dt>
          <dd>{room.scheduled_at ? localeDateTime(room.scheduled_at, locale) : t('home.noTime')}</dd>
        </div>
        <div>
          <dt>{t('scheduled.duration')}</dt>
          <dd>{t('dashboard.minutes', { n: room.duration_minutes })}</dd>
        </div>
        <div>
          <dt>{t('scheduled.language')}</dt>
          <dd>{languageName(room.source_language) ?? t('dashboard.notConfigured')}</dd>
        </div>
      </dl>
      <div className="row-actions">
        <button
          type="button"
          className={ready ? 'btn btn-primary btn-sm' : 'btn btn-secondary btn-sm'}
          disabled={starting}
          aria-label={t('dashboard.startLabel', { name: room.name })}
          data-testid="start-room"
          onClick={onStart}
        >
          <Icon name="play" size={14} />
          {t('dashboard.start')}
        </button>
        <Link
          to={`/dashboard/edit-room/${room.id}`}
          className="btn btn-secondary btn-sm"
          aria-label={t('scheduled.editLabel', { name: room.name })}
          data-testid="edit-room"
        >
          <Icon name="edit" size={14} />
          {t('scheduled.edit')}
        </Link>
        <CopyLinkButton value={room.viewer_link} name={room.name} />
        <DeleteRoomButton name={room.name} onDelete={onDelete} />
      </div>
    </li>
  );
}
