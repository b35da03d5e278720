import { useId } from 'react';
import { Icon } from '../../../components/Icon';
import { LocaleSwitch } from '../../../components/LocaleSwitch';
import { useT } from '../../../i18n/useT';
import { usePopover } from '../../../lib/usePopover';
import type { ReadingSettings, ReadingSurface } from '../reading-settings';
import { ReadingSettingsFields } from './ReadingSettingsFields';

interface ViewerSettingsProps {
  reading: ReadingSettings;
  onReading: (change: Partial<ReadingSettings>) => void;
  /**
   * `viewer`: a button of the viewer's bar, the interface language in its panel too. `overlay`: a button in the
   * overlay's corner that shows only under the pointer or the keyboard's focus, so a streaming program's capture
   * of the page never shows it.
   */
  surface?: ReadingSurface;
}

/** The viewer's less used settings, in a panel under their button: reading settings and interface language. */
export function ViewerSettings({ reading, onReading, surface = 'viewer' }: ViewerSettingsProps) {
  const t = useT();
  const panelId = useId();
  const { open, toggle, rootRef, buttonRef } = usePopover();
  const overlay = surface === 'overlay';

  return (
    <div className={overlay ? 'overlay-settings' : 'viewer-settings'} ref={rootRef} data-open={open}>
      <button
        ref={buttonRef}
        type="button"
        className={overlay ? 'btn btn-secondary overlay-settings-button' : 'btn btn-secondary btn-bar'}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={overlay ? t('overlay.settings') : undefined}
        title={overlay ? t('overlay.settings') : undefined}
        data-testid={overlay ? 'overlay-settings' : 'viewer-settings'}
        onClick={toggle}
      >
        <Icon name="settings" />
        {!overlay && <span className="bar-label">{t('viewer.settings')}</span>}
      </button>
      {open && (
        <div id={panelId} className={overlay ? 'settings-panel card overlay-panel' : 'settings-panel card'} data-testid="settings-panel">
          <ReadingSettingsFields settings={reading} onChange={onReading} surface={surface} />
          {!overlay && <LocaleSwitch />}
        </div>
      )}
    </div>
  );
}
