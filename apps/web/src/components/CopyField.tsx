import { useId } from 'react';
import { useCopy } from '../lib/useCopy';
import { useT } from '../i18n/useT';
import { Icon } from './Icon';

interface CopyFieldProps {
  label: string;
  hint?: string;
  value: string;
  testId: string;
  copyTestId: string;
  /** Secret values are shown as text only, never as a link someone might open by accident. */
  secret?: boolean;
}

export function CopyField({ label, hint, value, testId, copyTestId, secret = false }: CopyFieldProps) {
  const t = useT();
  const id = useId();
  const { copied, copy } = useCopy(value);

  return (
    <div className={secret ? 'copy-field copy-field-secret' : 'copy-field'} role="group" aria-labelledby={`${id}-label`}>
      <p id={`${id}-label`} className="field-label">
        {secret && <Icon name="lock" size={16} />}
        {label}
      </p>
      {hint && <p className="field-hint">{hint}</p>}
      <div className="copy-row">
        {secret ? (
          <code className="link-box" data-testid={testId}>
            {value}
          </code>
        ) : (
          <a className="link-box" href={value} target="_blank" rel="noopener noreferrer" data-testid={testId}>
            {value}
          </a>
        )}
        <button
          type="button"
          className="btn btn-secondary"
          data-testid={copyTestId}
          aria-label={`${t('host.copy')}: ${label}`}
          onClick={copy}
        >
          {copied ? t('host.copied') : t('host.copy')}
        </button>
      </div>
      <span className="visually-hidden" role="status">
        {copied ? t('host.copied') : ''}
      </span>
    </div>
  );
}
