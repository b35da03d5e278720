import type { RoomResponse } from '@lt/contracts';
import { Link } from 'react-router-dom';
import { Icon } from '../../../components/Icon';
import { useLocale } from '../../../i18n/useLocale';
import { useDashboardT } from '../../../i18n/useDashboardT';
import { errorText } from '../../../lib/error-text';
import { useAuth } from '../../auth/hooks/useAuth';
import { useCreateRoom } from '../../rooms/hooks/useCreateRoom';
import { useRoomList, useRoomPage } from '../../rooms/hooks/useRoomList';
import { useStartRoom } from '../../rooms/hooks/useStartRoom';
import { localeDate, localeDateTime } from '../format';
import { CopyLinkButton } from './CopyLinkButton';
import { ErrorBanner } from './ErrorBanner';
import { HomeStats } from './HomeStats';
import { RoomStatusBadge } from './RoomStatusBadge';

const LATEST = { order: 'created_desc', limit: 5 } as const;
const UPCOMING = { status: 'scheduled', order: 'scheduled_asc', limit: 3 } as const;
/** Only the count matters: one room answered. */
const ACTIVE = { status: 'active', order: 'created_desc', limit: 1 } as const;

export function DashboardHome() {
  const t = useDashboardT();
  const { locale } = useLocale();
  const { profile, profileLoading } = useAuth();
  const latest = useRoomPage(LATEST);
  const upcoming = useRoomList(UPCOMING);
  const active = useRoomPage(ACTIVE);
  const createRoom = useCreateRoom();
  const startRoom = useStartRoom();
  const listError = latest.error ?? upcoming.error ?? startRoom.error;

  return (
    <div className="dashboard-home">
      <header className="page-header">
        <h1>{t('home.title')}</h1>
        <p className="muted">{t('home.subtitle')}</p>
      </header>
      {listError && <ErrorBanner message={errorText(listError, t)} />}
      {!profileLoading && !profile && (
        <p className="alert alert-warning" role="alert" data-testid="profile-unavailable">
          {t('dashboard.profileUnavailable')}
        </p>
      )}
      <HomeStats total={latest.data?.total} active={active.data?.total} profile={profile} />

      <section className="card quick-actions" aria-labelledby="quick-actions-title">
        <h2 id="quick-actions-title">{t('home.quickActions')}</h2>
        <div className="actions">
          <button
            type="button"
            className="btn btn-primary"
            disabled={createRoom.isPending}
            data-testid="quick-create-room"
            onClick={() => createRoom.mutate(undefined)}
          >
            <Icon name="plus" size={18} />
            {createRoom.isPending ? t('home.creating') : t('home.quickCreate')}
          </button>
          <Link to="/dashboard/create" className="btn btn-secondary" data-testid="quick-schedule">
            <Icon name="calendar" size={18} />
            {t('home.schedule')}
          </Link>
          <Link to="/dashboard/scheduled" className="btn btn-secondary" data-testid="quick-scheduled">
            <Icon name="clock" size={18} />
            {t('home.viewScheduled')}
          </Link>
        </div>
        {createRoom.isError && (
          <p className="alert alert-error" role="alert">
            {errorText(createRoom.error, t)}
          </p>
        )}
      </section>

      <div className="home-columns">
        <section className="card" aria-labelledby="upcoming-title" data-testid="home-upcoming">
          <h2 id="upcoming-title">{t('home.upcoming')}</h2>
          {upcoming.isPending ? (
            <p className="muted" role="status">
              {t('dashboard.chunkLoading')}
            </p>
          ) : !upcoming.data?.length ? (
            <p className="muted">{t('home.upcomingEmpty')}</p>
          ) : (
            <ul className="room-list">
              {upcoming.data.slice(0, 3).map((room) => (
                <li key={room.id} className="room-list-item" data-testid="upcoming-room">
                  <div className="room-list-main">
                    <strong>{room.name}</strong>
                    <span className="muted">{room.scheduled_at ? localeDateTime(room.scheduled_at, locale) : t('home.noTime')}</span>
                  </div>
                  <div className="row-actions">
                    <button
                      type="button"
                      className="btn btn-primary btn-sm"
                      aria-label={t('dashboard.startLabel', { name: room.name })}
                      disabled={startRoom.isPending}
                      onClick={() => startRoom.mutate(room.id)}
                    >
                      <Icon name="play" size={14} />
                      {t('dashboard.start')}
                    </button>
                    <CopyLinkButton value={room.viewer_link} name={room.name} compact />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section className="card" aria-labelledby="recent-title" data-testid="home-recent">
          <h2 id="recent-title">{t('home.recent')}</h2>
          {latest.isPending ? (
            <p className="muted" role="status">
              {t('dashboard.chunkLoading')}
            </p>
          ) : !latest.data?.rooms.length ? (
            <p className="muted">{t('home.recentEmpty')}</p>
          ) : (
            <ul className="room-list">
              {latest.data.rooms.slice(0, 3).map((room: RoomResponse) => (
                <li key={room.id} className="room-list-item" data-testid="recent-room">
                  <div className="room-list-main">
                    <strong>{room.name}</strong>
                    <span className="muted">{t('home.created', { date: localeDate(room.created_at, locale) })}</span>
                  </div>
                  <RoomStatusBadge status={room.status} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
