import { useId } from 'react';
import { Icon } from '../../../components/Icon';
import { LocaleSwitch } from '../../../components/LocaleSwitch';
import { useT } from '../../../i18n/useT';
import { usePopover } from '../hooks/usePopover';
import type { ReadingSettings } from '../reading-settings';
import { ReadingSettingsFields } from './ReadingSettingsFields';

/** The viewer's less used settings, in a panel under their button: reading settings and interface language. */
export function ViewerSettings({
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
    <div className="viewer-settings" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-secondary btn-bar"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        data-testid="viewer-settings"
        onClick={toggle}
      >
        <Icon name="settings" />
        <span className="bar-label">{t('viewer.settings')}</span>
      </button>
      {open && (
        <div id={panelId} className="settings-panel card" data-testid="settings-panel">
          <ReadingSettingsFields settings={reading} onChange={onReading} surface="viewer" />
          <LocaleSwitch />
        </div>
      )}
    </div>
  );
}
