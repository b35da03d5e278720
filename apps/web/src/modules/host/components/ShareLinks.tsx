import { CopyField } from '../../../components/CopyField';
import { useT } from '../../../i18n/useT';
import { hostUrl, viewerUrl } from '../../../lib/links';

/** The host link exists only with a key: an owner hosting with the session has none to share. */
export function ShareLinks({ roomId, name, hostKey }: { roomId: string; name: string; hostKey: string | null }) {
  const t = useT();
  const origin = window.location.origin;
  return (
    <section className="card share-card" aria-labelledby="share-title">
      <h2 id="share-title">{t('host.share')}</h2>
      <CopyField
        label={t('host.viewerLink')}
        hint={t('host.viewerLinkHint')}
        value={viewerUrl(origin, roomId, name)}
        testId="viewer-link"
        copyTestId="copy-viewer-link"
      />
      {hostKey && (
        <CopyField
          label={t('host.hostLink')}
          hint={t('host.hostLinkHint')}
          value={hostUrl(origin, roomId, hostKey, name)}
          testId="host-link"
          copyTestId="copy-host-link"
          secret
        />
      )}
    </section>
  );
}
