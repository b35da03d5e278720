import { useEffect, useState } from 'react';
import { Icon } from '../../../components/Icon';
import { useDashboardT } from '../../../i18n/useDashboardT';

const COPIED_FOR_MS = 2000;

/** Copies a room's viewer link; a failed copy is only logged (spec §8). */
export function CopyLinkButton({ value, name, compact = false }: { value: string; name: string; compact?: boolean }) {
  const t = useDashboardT();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch (error) {
      console.warn('Clipboard copy failed', error);
    }
  };

  return (
    <button
      type="button"
      className={compact ? 'btn btn-ghost btn-sm btn-icon' : 'btn btn-secondary btn-sm'}
      aria-label={t('dashboard.copyLabel', { name })}
      title={t('dashboard.copy')}
      data-testid="copy-viewer-link"
      onClick={() => void copy()}
    >
      <Icon name={copied ? 'check' : 'copy'} size={16} />
      {!compact && <span>{copied ? t('dashboard.copied') : t('dashboard.copy')}</span>}
      <span className="visually-hidden" role="status">
        {copied ? t('dashboard.copied') : ''}
      </span>
    </button>
  );
}
