import { Icon } from '../../../components/Icon';
import { useDashboardT } from '../../../i18n/useDashboardT';
import { ConfirmDialog } from '../../../components/ConfirmDialog';

/**
 * Deletes an owner's room after a confirmation ('¿Estás seguro de que quieres eliminar esta sala?'):
 * an icon in a table row (`compact`), or a labelled button on a card.
 */
export function DeleteRoomButton({ name, onDelete, compact = false }: { name: string; onDelete: () => void; compact?: boolean }) {
  const t = useDashboardT();
  return (
    <ConfirmDialog
      renderTrigger={(open) => (
        <button
          type="button"
          onClick={open}
          className={compact ? 'btn btn-ghost btn-sm btn-icon danger-icon' : 'btn btn-danger-outline btn-sm'}
          aria-label={t('dashboard.deleteLabel', { name })}
          title={compact ? t('dashboard.delete') : undefined}
          data-testid="delete-room"
        >
          <Icon name="trash" size={compact ? 16 : 14} />
          {!compact && t('dashboard.delete')}
        </button>
      )}
      title={t('dashboard.deleteTitle')}
      description={t('dashboard.deleteConfirm')}
      confirmLabel={t('dashboard.delete')}
      cancelLabel={t('dashboard.cancel')}
      onConfirm={onDelete}
    />
  );
}
