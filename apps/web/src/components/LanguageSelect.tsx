import { HOST_LANGUAGES, isHostLanguageCode, type HostLanguageCode } from '@lt/contracts';
import { useId, type Ref } from 'react';
import { useLocale } from '../i18n/useLocale';
import { languageOptionLabel } from '../lib/language-names';

interface LanguageSelectProps {
  label: string;
  placeholder: string;
  value: HostLanguageCode | null;
  onChange: (code: HostLanguageCode) => void;
  testId: string;
  disabled?: boolean;
  /** The field's problem, said under it and read with it (the select is marked invalid). */
  error?: string | null;
  /** A note under the field, read with it. */
  hint?: string | null;
  ref?: Ref<HTMLSelectElement>;
}

/** What a host or speaker speaks: only the languages the browser's speech recognition accepts. */
export function LanguageSelect({ label, placeholder, value, onChange, testId, disabled, error, hint, ref }: LanguageSelectProps) {
  const id = useId();
  const describedBy = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ') || undefined;
  const { locale } = useLocale();
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select
        ref={ref}
        id={id}
        className="select"
        value={value ?? ''}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        data-testid={testId}
        onChange={(e) => isHostLanguageCode(e.target.value) && onChange(e.target.value)}
      >
        <option value="" disabled>
          {placeholder}
        </option>
        {HOST_LANGUAGES.map((language) => (
          <option key={language.code} value={language.code}>
            {languageOptionLabel(language, locale)}
          </option>
        ))}
      </select>
      {hint && (
        <p id={`${id}-hint`} className="field-hint" data-testid={`${testId}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
