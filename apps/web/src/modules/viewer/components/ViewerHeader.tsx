import { findLanguage } from '@lt/contracts';
import { useT } from '../../../i18n/useT';
import type { ViewerRoom } from '../hooks/useViewerRoom';
import { useNow } from '../hooks/useNow';

/** Someone said something this recently: the host counts as speaking. */
export const SPEAKING_WINDOW_MS = 4_000;

type HostActivity = 'speaking' | 'silent' | 'disconnected';

function hostActivity(viewer: ViewerRoom, now: number): HostActivity {
  if (viewer.hostConnected === false) return 'disconnected';
  return viewer.lastActivityAt !== null && now - viewer.lastActivityAt < SPEAKING_WINDOW_MS ? 'speaking' : 'silent';
}

const ACTIVITY_TONE: Record<HostActivity, string> = { speaking: 'success', silent: 'muted', disconnected: 'danger' };

export function ViewerHeader({ viewer, name }: { viewer: ViewerRoom; name: string | null }) {
  const t = useT();
  const now = useNow(1_000, viewer.live);
  const connected = viewer.status === 'connected';
  const state =
    viewer.status === 'reconnecting' ? 'reconnecting' : !connected ? 'connecting' : viewer.live ? 'live' : viewer.ended ? 'ended' : 'waiting';
  const statusText = {
    reconnecting: t('viewer.status.reconnecting'),
    connecting: t('viewer.status.connecting'),
    live: t('viewer.status.live'),
    ended: t('viewer.status.ended'),
    waiting: t('viewer.status.waiting'),
  }[state];
  const tone = { reconnecting: 'warning', connecting: 'muted', live: 'success', ended: 'muted', waiting: 'warning' }[state];
  const hostLanguage = findLanguage(viewer.room?.sourceLanguage);
  const activity = hostActivity(viewer, now);

  return (
    <header className="room-header">
      <div className="room-title">
        <p className="eyebrow">{t('viewer.page')}</p>
        <h1>{name ?? t('app.name')}</h1>
        <div className="badges">
          <span className={`badge badge-${tone}`} role="status" data-testid="viewer-status" data-live={viewer.live} data-state={state}>
            <span className={viewer.live ? 'dot dot-pulse' : 'dot'} aria-hidden="true" />
            {statusText}
          </span>
          {viewer.live && (
            <span className={`badge badge-${ACTIVITY_TONE[activity]}`} data-testid="host-activity" data-activity={activity}>
              {t(`viewer.host.${activity}`)}
            </span>
          )}
          <span className="badge badge-outline">
            {t('viewer.hostLanguage')}:{' '}
            <strong data-testid="host-language" lang={hostLanguage?.code} dir={hostLanguage?.dir}>
              {hostLanguage?.name ?? t('viewer.hostLanguageUnknown')}
            </strong>
          </span>
        </div>
      </div>
    </header>
  );
}
