import { useId } from 'react';
import { Icon } from '../../../components/Icon';
import { useT } from '../../../i18n/useT';
import { usePopover } from '../hooks/usePopover';
import type { ReadingSettings } from '../reading-settings';
import { ReadingSettingsFields } from './ReadingSettingsFields';

/**
 * The overlay's reading settings, for a projector's browser: a button in the corner that shows only under the
 * pointer or the keyboard's focus, so a streaming program's capture of the page never shows it.
 */
export function OverlaySettings({
  reading,
  onReading,
}: {
  reading: ReadingSettings;
  onReading: (change: Partial<ReadingSettings>) => void;
}) {
  const t = useT();
  const panelId = useId();
  const { open, toggle, rootRef, buttonRef } = usePopover();
  return (
    <div className="overlay-settings" ref={rootRef} data-open={open}>
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-secondary overlay-settings-button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={t('overlay.settings')}
        title={t('overlay.settings')}
        data-testid="overlay-settings"
        onClick={toggle}
      >
        <Icon name="settings" />
      </button>
      {open && (
        <div id={panelId} className="settings-panel card overlay-panel" data-testid="settings-panel">
          <ReadingSettingsFields settings={reading} onChange={onReading} surface="overlay" />
        </div>
      )}
    </div>
  );
}
