import { useState } from 'react';
import { CopyField } from '../../../components/CopyField';
import { Icon } from '../../../components/Icon';
import { Modal } from '../../../components/Modal';
import { useRoomT } from '../../../i18n/useRoomT';
import { hostUrl, viewerUrl } from '../../../lib/links';
import { QrCode } from '../../share/QrCode';

/** The host link exists only with a key: an owner hosting with the session has none to share. */
export function ShareLinks({ roomId, name, hostKey }: { roomId: string; name: string; hostKey: string | null }) {
  const t = useRoomT();
  const origin = window.location.origin;
  const viewer = viewerUrl(origin, roomId, name);
  const [showHost, setShowHost] = useState(false);
  const [projecting, setProjecting] = useState(false);
  return (
    <section className="card share-card" aria-labelledby="share-title">
      <h2 id="share-title">{t('host.share')}</h2>
      <CopyField
        label={t('host.viewerLink')}
        hint={t('host.viewerLinkHint')}
        value={viewer}
        testId="viewer-link"
        copyTestId="copy-viewer-link"
      />
      <div className="qr-row">
        <QrCode value={viewer} label={t('room.share.qr')} className="qr-small" testId="viewer-qr" />
        <button type="button" className="btn btn-secondary" data-testid="qr-fullscreen" onClick={() => setProjecting(true)}>
          <Icon name="external" size={16} />
          {t('room.share.fullscreen')}
        </button>
      </div>
      {hostKey && (
        <div className="host-link-block">
          <button
            type="button"
            className="btn btn-ghost"
            data-testid="reveal-host-link"
            aria-expanded={showHost}
            onClick={() => setShowHost((value) => !value)}
          >
            <Icon name={showHost ? 'eyeOff' : 'eye'} size={16} />
            {showHost ? t('room.share.hideHost') : t('room.share.revealHost')}
          </button>
          {showHost && (
            <CopyField
              label={t('host.hostLink')}
              hint={t('host.hostLinkHint')}
              value={hostUrl(origin, roomId, hostKey, name)}
              testId="host-link"
              copyTestId="copy-host-link"
              secret
            />
          )}
        </div>
      )}
      {projecting && (
        <Modal labelledBy="qr-fullscreen-title" className="qr-fullscreen" onClose={() => setProjecting(false)} testId="qr-dialog">
          <div className="qr-fullscreen-head">
            <h2 id="qr-fullscreen-title">{t('room.share.fullscreenTitle')}</h2>
            <button
              type="button"
              className="btn btn-ghost"
              aria-label={t('room.share.close')}
              onClick={() => setProjecting(false)}
              data-autofocus
            >
              <Icon name="close" />
            </button>
          </div>
          <QrCode value={viewer} label={t('room.share.qr')} className="qr-large" testId="viewer-qr-large" />
          <p className="qr-fullscreen-link">{viewer}</p>
        </Modal>
      )}
    </section>
  );
}
