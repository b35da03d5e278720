import { Suspense, useId, useState } from 'react';
import { useRoomT } from '../../../i18n/useRoomT';
import { lazyPage } from '../../../lib/lazy-page';
import '../../../styles/feed.css';
import type { IngestCredential } from '../api/ingest.api';

const IngestSection = lazyPage(() => import('./IngestSection').then((m) => m.IngestSection));

/**
 * The host page's way to the venue feed's addresses and stream key (SRT and RTMP), folded: the section and its
 * texts are fetched when first opened (useVenueFeed says whether the server takes feeds at all).
 */
export function VenueFeedPanel({ roomId, credential }: { roomId: string; credential: IngestCredential }) {
  const t = useRoomT();
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const preload = () => void IngestSection.preload().catch(() => undefined);
  return (
    <details className="card venue-feed-panel" onToggle={(e) => setOpen(e.currentTarget.open)} data-testid="venue-feed-panel">
      <summary id={headingId} onMouseEnter={preload} onFocus={preload}>
        {t('feed.setup')}
      </summary>
      {open && (
        <Suspense fallback={null}>
          <IngestSection roomId={roomId} credential={credential} headingId={headingId} titled={false} />
        </Suspense>
      )}
    </details>
  );
}
