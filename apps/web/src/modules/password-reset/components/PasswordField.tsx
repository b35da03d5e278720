import { useId, useState, type ReactNode } from 'react';
import { Icon } from '../../../components/Icon';
import { useT } from '../../../i18n/useT';

interface PasswordFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
  invalid?: boolean;
  autoFocus?: boolean;
  children?: ReactNode;
}

/** A new-password input with a show/hide toggle; `children` go below it (hint, inline error). */
export function PasswordField({ label, value, onChange, testId, invalid, autoFocus, children }: PasswordFieldProps) {
  const t = useT();
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="input-with-button">
        <input
          id={id}
          className="input"
          type={visible ? 'text' : 'password'}
          value={value}
          autoComplete="new-password"
          required
          autoFocus={autoFocus}
          aria-invalid={invalid || undefined}
          aria-describedby={children ? `${id}-help` : undefined}
          data-testid={testId}
          onChange={(e) => onChange(e.target.value)}
        />
        <button
          type="button"
          className="btn btn-ghost input-button"
          aria-label={visible ? t('reset.hide') : t('reset.show')}
          aria-pressed={visible}
          data-testid={`${testId}-toggle`}
          onClick={() => setVisible((v) => !v)}
        >
          <Icon name={visible ? 'eyeOff' : 'eye'} size={18} />
        </button>
      </div>
      {children && <div id={`${id}-help`}>{children}</div>}
    </div>
  );
}
