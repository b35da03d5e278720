import { isLanguageCode, type LanguageCode } from '@lt/contracts';
import { Suspense, useState } from 'react';
import { useGlossaryT } from '../../../i18n/useGlossaryT';
import '../../../styles/glossary-button.css';
import { lazyPage } from '../../../lib/lazy-page';
import { useLiveAnalytics } from '../../analytics/hooks/useLiveAnalytics';
import { useAuth } from '../../auth/hooks/useAuth';
import type { GlossaryCredential } from '../api/glossary.api';
import { exportNameOf } from '../glossary-draft';

const GlossaryDialog = lazyPage(() => import('./GlossaryDialog').then((m) => m.default));

/**
 * The host page's way to the glossary while live: the editor is fetched when first wanted (or hovered), so
 * it weighs nothing on the pages that never open it. The host key is the credential when the page has one.
 */
export function GlossaryButton({
  roomId,
  hostKey,
  roomName,
  sourceLanguage = null,
}: {
  roomId: string;
  hostKey: string | null;
  roomName: string;
  /** The language spoken: its viewers need no translation of a term. */
  sourceLanguage?: LanguageCode | null;
}) {
  const t = useGlossaryT();
  const { client } = useAuth();
  const [open, setOpen] = useState(false);
  // The languages viewers read now (the live panel's figures, shared): the columns a host most needs.
  const live = useLiveAnalytics(roomId, hostKey, open);
  const demand = Object.keys(live.data?.viewers ?? {}).filter(
    (code): code is LanguageCode => isLanguageCode(code) && code !== sourceLanguage,
  );
  const credential: GlossaryCredential = hostKey ? { kind: 'hostKey', hostKey } : { kind: 'session', request: client.request };
  const preload = () => void GlossaryDialog.preload().catch(() => undefined);
  return (
    <>
      <button
        type="button"
        className="btn btn-secondary btn-block glossary-open"
        aria-haspopup="dialog"
        onMouseEnter={preload}
        onFocus={preload}
        onClick={() => setOpen(true)}
        data-testid="open-glossary"
      >
        {t('glossary.open')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <GlossaryDialog
            roomId={roomId}
            credential={credential}
            exportName={exportNameOf(roomName, t)}
            demand={demand}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
