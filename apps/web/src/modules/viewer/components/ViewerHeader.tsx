import { findLanguage } from '@lt/contracts';
import { useT } from '../../../i18n/useT';
import { HOST_SPEAKER } from '../../live/speaker-key';
import type { ViewerRoom } from '../hooks/useViewerRoom';
import { speakerLabel } from '../../live/speaker-label';
import { useNow } from '../hooks/useNow';
import { CaptionDelayMeter } from './CaptionDelayMeter';

/** Someone said something this recently: the host counts as speaking. */
export const SPEAKING_WINDOW_MS = 4_000;

type HostActivity = 'speaking' | 'silent' | 'disconnected';

function hostActivity(viewer: ViewerRoom, now: number): HostActivity {
  if (viewer.hostConnected === false) return 'disconnected';
  return viewer.lastActivityAt !== null && now - viewer.lastActivityAt < SPEAKING_WINDOW_MS ? 'speaking' : 'silent';
}

const ACTIVITY_TONE: Record<HostActivity, string> = { speaking: 'success', silent: 'muted', disconnected: 'danger' };

/** `delayMs`: how far behind the speaker the captions are, null while unknown. */
export function ViewerHeader({ viewer, name, delayMs }: { viewer: ViewerRoom; name: string | null; delayMs: number | null }) {
  const t = useT();
  const now = useNow(1_000, viewer.live);
  const connected = viewer.status === 'connected';
  const state =
    viewer.status === 'reconnecting'
      ? 'reconnecting'
      : !connected
        ? 'connecting'
        : viewer.live
          ? 'live'
          : viewer.ended
            ? 'ended'
            : 'waiting';
  const statusText = {
    reconnecting: t('viewer.status.reconnecting'),
    connecting: t('viewer.status.connecting'),
    live: t('viewer.status.live'),
    ended: t('viewer.status.ended'),
    waiting: t('viewer.status.waiting'),
  }[state];
  const tone = { reconnecting: 'warning', connecting: 'muted', live: 'success', ended: 'muted', waiting: 'warning' }[state];
  const activity = hostActivity(viewer, now);
  // A guest speaking now is named, with their language; otherwise the header speaks of the host.
  const guest = viewer.speaker && viewer.speaker.key !== HOST_SPEAKER ? viewer.speaker : null;
  const guestName = guest ? speakerLabel(t, { speakerId: guest.key, speakerName: guest.name }) : null;
  const language = findLanguage(guest ? guest.language : viewer.room?.sourceLanguage);
  const activityText =
    guestName && activity !== 'disconnected' ? t(`viewer.speaker.${activity}`, { name: guestName }) : t(`viewer.host.${activity}`);

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
          {viewer.live && <CaptionDelayMeter delayMs={delayMs} />}
          {viewer.live && (
            <span
              className={`badge badge-${ACTIVITY_TONE[activity]}`}
              data-testid="host-activity"
              data-activity={activity}
              data-speaker={viewer.speaker?.key}
            >
              {activityText}
            </span>
          )}
          <span className="badge badge-outline" data-testid="speaker-language">
            {guestName ? t('viewer.speaker.language', { name: guestName }) : t('viewer.hostLanguage')}:{' '}
            <strong data-testid="host-language" lang={language?.code} dir={language?.dir}>
              {language?.name ?? t('viewer.hostLanguageUnknown')}
            </strong>
          </span>
        </div>
      </div>
    </header>
  );
}
