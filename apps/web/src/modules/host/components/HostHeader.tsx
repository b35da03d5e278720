import { Link } from 'react-router-dom';
import { useRoomT } from '../../../i18n/useRoomT';
import type { MicrophonePermission } from '../../speech/microphone';
import { useAuth } from '../../auth/hooks/useAuth';
import type { LiveStatus } from '../../live/live-status';

interface HostHeaderProps {
  name: string;
  status: LiveStatus;
  active: boolean;
  ended: boolean;
  recording: boolean;
  microphone: MicrophonePermission;
  creatingRoom: boolean;
  onNewRoom: () => void;
}

const STATUS_TONE: Record<LiveStatus, string> = {
  connecting: 'warning',
  connected: 'success',
  reconnecting: 'warning',
  disconnected: 'muted',
  failed: 'danger',
};

const MIC_TONE: Record<MicrophonePermission, string> = { prompt: 'muted', granted: 'success', denied: 'danger' };

export function HostHeader({ name, status, active, ended, recording, microphone, creatingRoom, onNewRoom }: HostHeaderProps) {
  const t = useRoomT();
  const { status: authStatus } = useAuth();
  return (
    <header className="room-header">
      <div className="room-title">
        <p className="eyebrow">{t('host.page')}</p>
        <h1>{name}</h1>
        <div className="badges">
          <span className={`badge badge-${STATUS_TONE[status]}`} role="status" data-testid="connection-status" data-status={status}>
            <span className="dot" aria-hidden="true" />
            {t(`status.${status}`)}
          </span>
          <span
            className={`badge badge-${active ? 'success' : 'muted'}`}
            data-testid="room-status-badge"
            data-active={active}
            data-ended={ended}
          >
            {active ? t('host.active') : ended ? t('host.ended') : t('host.inactive')}
          </span>
          <span className={`badge badge-${recording ? 'danger' : 'muted'}`} data-testid="recording-badge" data-recording={recording}>
            {recording && <span className="dot dot-pulse" aria-hidden="true" />}
            {recording ? t('host.recording') : t('host.notRecording')}
          </span>
          <span className={`badge badge-${MIC_TONE[microphone]}`} data-testid="microphone-badge" data-permission={microphone}>
            {t(`room.mic.${microphone}`)}
          </span>
        </div>
      </div>
      <div className="actions">
        <Link to="/" className="btn btn-ghost">
          {t('nav.home')}
        </Link>
        {authStatus === 'authenticated' && (
          <Link to="/dashboard" className="btn btn-ghost" data-testid="host-dashboard">
            {t('host.dashboard')}
          </Link>
        )}
        <button type="button" className="btn btn-secondary" data-testid="new-room" disabled={creatingRoom} onClick={onNewRoom}>
          {t('host.newRoom')}
        </button>
      </div>
    </header>
  );
}
