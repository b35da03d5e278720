import { useRoomT } from '../../../i18n/useRoomT';
import type { Recognition } from '../hooks/useRecognition';
import { providerFailure } from '../recognition-alerts';

/** The server's recogniser failed: said as soon as the server reports it, with the browser's as the way on. */
export function ProviderFailureAlert({ recognition }: { recognition: Recognition }) {
  const t = useRoomT();
  const text = providerFailure(recognition, t);
  if (!text) return null;
  return (
    <div className="alert alert-error provider-error" role="alert" data-testid="provider-error">
      <p>{text}</p>
      {recognition.browserSupported && (
        <button
          type="button"
          className="btn btn-secondary"
          data-testid="use-browser-recognition"
          onClick={() => void recognition.switchToBrowser()}
        >
          {t('audio.useBrowser')}
        </button>
      )}
    </div>
  );
}
