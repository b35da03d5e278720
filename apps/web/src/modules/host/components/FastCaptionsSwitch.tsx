import { useId } from 'react';
import { useLocale } from '../../../i18n/useLocale';
import { useRoomT } from '../../../i18n/useRoomT';

interface FastCaptionsSwitchProps {
  on: boolean;
  /** Tokens interim translation has used in this room so far (null: not known yet). */
  tokens: number | null;
  disabled: boolean;
  onChange: (on: boolean) => void;
}

/** The room's Fast captions setting on the host page, with what it has cost so far. */
export function FastCaptionsSwitch({ on, tokens, disabled, onChange }: FastCaptionsSwitchProps) {
  const t = useRoomT();
  const { locale } = useLocale();
  const id = useId();
  return (
    <div className="checkbox-field">
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={on}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        data-testid="fast-captions"
        aria-describedby={`${id}-hint`}
      />
      <label htmlFor={id}>{t('room.fastCaptions')}</label>
      <p id={`${id}-hint`} className="field-hint">
        {t('room.fastCaptionsHint')}{' '}
        <span data-testid="fast-captions-cost">{t('room.fastCaptionsCost', { tokens: (tokens ?? 0).toLocaleString(locale) })}</span>
      </p>
    </div>
  );
}
