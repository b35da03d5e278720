import { useEffect, useId, useRef, useState } from 'react';
import { Icon } from '../../../components/Icon';
import { LocaleSwitch } from '../../../components/LocaleSwitch';
import { useT } from '../../../i18n/useT';
import { readStorage, writeStorage } from '../../../lib/storage';

export const CAPTION_SIZES = ['normal', 'large', 'larger'] as const;
export type CaptionSize = (typeof CAPTION_SIZES)[number];
const SIZE_KEY = 'lt.viewer.captionSize';

const isCaptionSize = (value: string | null): value is CaptionSize => CAPTION_SIZES.some((size) => size === value);

/** The caption text size this browser chose, kept for its next visit. */
export function useCaptionSize() {
  const [size, setSize] = useState<CaptionSize>(() => {
    const stored = readStorage(SIZE_KEY);
    return isCaptionSize(stored) ? stored : 'normal';
  });
  const choose = (next: CaptionSize) => {
    setSize(next);
    writeStorage(SIZE_KEY, next);
  };
  return [size, choose] as const;
}

/** The viewer's less used settings, in a panel under their button: caption size and interface language. */
export function ViewerSettings({ size, onSize }: { size: CaptionSize; onSize: (size: CaptionSize) => void }) {
  const t = useT();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const sizeLabel = {
    normal: t('viewer.captionSize.normal'),
    large: t('viewer.captionSize.large'),
    larger: t('viewer.captionSize.larger'),
  };

  return (
    <div className="viewer-settings" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-secondary btn-bar"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        data-testid="viewer-settings"
        onClick={() => setOpen((value) => !value)}
      >
        <Icon name="settings" />
        <span className="bar-label">{t('viewer.settings')}</span>
      </button>
      {open && (
        <div id={panelId} className="settings-panel card" data-testid="settings-panel">
          <fieldset className="size-choice">
            <legend className="field-label">{t('viewer.captionSize')}</legend>
            {CAPTION_SIZES.map((option) => (
              <label key={option} className="size-option">
                <input type="radio" name={`${panelId}-size`} checked={size === option} onChange={() => onSize(option)} />
                {sizeLabel[option]}
              </label>
            ))}
          </fieldset>
          <LocaleSwitch />
        </div>
      )}
    </div>
  );
}
