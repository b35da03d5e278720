import { isLanguageCode, LANGUAGES, type LanguageCode } from '@lt/contracts';
import { useId } from 'react';

interface LanguageSelectProps {
  label: string;
  placeholder: string;
  value: LanguageCode | null;
  onChange: (code: LanguageCode) => void;
  testId: string;
  disabled?: boolean;
}

export function LanguageSelect({ label, placeholder, value, onChange, testId, disabled }: LanguageSelectProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select
        id={id}
        className="select"
        value={value ?? ''}
        disabled={disabled}
        data-testid={testId}
        onChange={(e) => isLanguageCode(e.target.value) && onChange(e.target.value)}
      >
        <option value="" disabled>
          {placeholder}
        </option>
        {LANGUAGES.map((language) => (
          <option key={language.code} value={language.code}>
            {language.name}
          </option>
        ))}
      </select>
    </div>
  );
}
