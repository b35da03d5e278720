import type { LanguageCode } from '@lt/contracts';
import { Suspense, useState } from 'react';
import { Icon } from '../../../components/Icon';
import { useT } from '../../../i18n/useT';
import { lazyPage } from '../../../lib/lazy-page';
import { usePublicRoom } from '../../viewer/hooks/usePublicRoom';
import { useQuestionsEnabled } from '../hooks/useQuestionsEnabled';

/** The questions' sheet is loaded only when a viewer opens it: it stays out of the viewer page's first load. */
const ViewerQuestionsSheet = lazyPage(() => import('./ViewerQuestionsSheet').then((m) => m.default));

/** The viewer bar's Questions button, there while the host lets the audience ask. */
export function ViewerQuestionsButton({ roomId, lang }: { roomId: string; lang: LanguageCode | null }) {
  const t = useT();
  const room = usePublicRoom(roomId);
  const enabled = useQuestionsEnabled(roomId, room.data?.questions_enabled);
  const [open, setOpen] = useState(false);
  if (!enabled && !open) return null;
  return (
    <>
      <button
        type="button"
        className="btn btn-secondary btn-bar"
        aria-haspopup="dialog"
        data-testid="questions-open"
        onMouseEnter={() => void ViewerQuestionsSheet.preload()}
        onFocus={() => void ViewerQuestionsSheet.preload()}
        onClick={() => setOpen(true)}
      >
        <Icon name="edit" size={18} />
        <span className="bar-label">{t('viewer.questions')}</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <ViewerQuestionsSheet roomId={roomId} lang={lang} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
