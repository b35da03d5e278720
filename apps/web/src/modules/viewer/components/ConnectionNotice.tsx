import { useEffect, useState } from 'react';
import { useT } from '../../../i18n/useT';
import type { LiveStatus } from '../../live/live-status';

function useOnline(): boolean {
  const [online, setOnline] = useState(() => typeof navigator === 'undefined' || navigator.onLine !== false);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine !== false);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

/**
 * A lost connection said in words, not only by the header's small pill: a phone in a basement should know at
 * once that the captions paused and that nothing is lost (the page asks for the missed lines when back).
 */
export function ConnectionNotice({ status, ended }: { status: LiveStatus; ended: boolean }) {
  const t = useT();
  const online = useOnline();
  const lost = !ended && (!online || status === 'reconnecting');
  return (
    <div className="connection-notice-slot" role="status" aria-live="polite">
      {lost && (
        <p className="alert alert-warning connection-notice" data-testid="connection-notice">
          {online ? t('viewer.reconnectingNotice') : t('viewer.offlineNotice')}
        </p>
      )}
    </div>
  );
}
