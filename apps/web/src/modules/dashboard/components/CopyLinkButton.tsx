import { useCopy } from '../../../lib/useCopy';
import { Icon } from '../../../components/Icon';
import { useDashboardT } from '../../../i18n/useDashboardT';

/** Copies a room's viewer link; a failed copy is only logged. */
export function CopyLinkButton({ value, name, compact = false }: { value: string; name: string; compact?: boolean }) {
  const t = useDashboardT();
  const { copied, copy } = useCopy(value);

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
