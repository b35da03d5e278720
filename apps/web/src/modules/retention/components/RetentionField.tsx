import { RETENTIONS, retentionDays, type Retention } from '@lt/contracts';
import { useId } from 'react';
import { useRetentionT } from '../../../i18n/useRetentionT';

interface RetentionFieldProps {
  value: Retention;
  onChange: (value: Retention) => void;
}

/** The create and edit forms' choice of how long the room's transcript is kept. */
export function RetentionField({ value, onChange }: RetentionFieldProps) {
  const t = useRetentionT();
  const id = useId();
  const label = (retention: Retention) => {
    const days = retentionDays(retention);
    if (days === null) return t('retention.keep');
    return days === 0 ? t('retention.none') : t('retention.days', { n: days });
  };
  return (
    <div className="field">
      <label className="field-label" htmlFor={`${id}-retention`}>
        {t('retention.label')}
      </label>
      <select
        id={`${id}-retention`}
        className="select"
        value={value}
        aria-describedby={`${id}-retention-hint`}
        data-testid="room-form-retention"
        onChange={(e) => onChange(e.target.value as Retention)}
      >
        {RETENTIONS.map((retention) => (
          <option key={retention} value={retention}>
            {label(retention)}
          </option>
        ))}
      </select>
      <p id={`${id}-retention-hint`} className="field-hint">
        {t('retention.hint')}
      </p>
    </div>
  );
}
