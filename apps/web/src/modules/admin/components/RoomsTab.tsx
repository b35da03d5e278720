import type { AdminRoom } from '@lt/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { Icon } from '../../../components/Icon';
import { useDashboardT } from '../../../i18n/useDashboardT';
import { errorText } from '../../../lib/error-text';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorBanner } from '../../dashboard/components/ErrorBanner';
import { TableSkeleton } from '../../dashboard/components/TableSkeleton';
import { useAdminActions } from '../hooks/useAdminActions';

/** What is true of a room now: a live room whose host closed the tab is not the same as one being spoken in. */
function roomState(room: AdminRoom) {
  if (room.status === 'ended') return { state: 'ended', tone: 'muted', label: 'admin.status.ended' } as const;
  if (room.status === 'scheduled') return { state: 'waiting', tone: 'info', label: 'admin.status.waiting' } as const;
  return room.host_connected
    ? ({ state: 'live', tone: 'success', label: 'admin.status.live' } as const)
    : ({ state: 'live-no-host', tone: 'warning', label: 'admin.status.liveNoHost' } as const);
}

const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function RoomsTab({ rooms }: { rooms: UseQueryResult<AdminRoom[]> }) {
  const t = useDashboardT();
  const { deleteRoom } = useAdminActions();

  if (rooms.isPending) return <TableSkeleton label={t('admin.loading')} />;
  if (rooms.isError) return null;
  if (rooms.data.length === 0) return <p className="muted">{t('admin.roomsEmpty')}</p>;
  return (
    <>
      {deleteRoom.isError && <ErrorBanner message={errorText(deleteRoom.error, t)} />}
      <div className="card table-card">
        <table className="data-table" aria-label={t('admin.tab.rooms')}>
          <thead>
            <tr>
              <th scope="col">{t('admin.colRoom')}</th>
              <th scope="col">{t('admin.colId')}</th>
              <th scope="col">{t('admin.colOwner')}</th>
              <th scope="col">{t('admin.colStatus')}</th>
              <th scope="col">{t('admin.colCreated')}</th>
              <th scope="col">{t('admin.colActions')}</th>
            </tr>
          </thead>
          <tbody>
            {rooms.data.map((room) => {
              const { state, tone, label } = roomState(room);
              return (
                <tr key={room.id} data-testid="admin-room-row" data-room-id={room.id}>
                  <td data-label={t('admin.colRoom')}>
                    <strong className="cell-title">{room.name}</strong>
                  </td>
                  <td data-label={t('admin.colId')}>
                    <code title={room.id}>{room.id.slice(0, 8)}</code>
                  </td>
                  <td data-label={t('admin.colOwner')} className="cell-break">
                    {room.owner_email ?? <span className="muted">{t('admin.anonymous')}</span>}
                  </td>
                  <td data-label={t('admin.colStatus')}>
                    <span className={`badge badge-${tone}`} data-testid="admin-room-state" data-state={state}>
                      {t(label)}
                    </span>
                  </td>
                  <td data-label={t('admin.colCreated')}>{DATE.format(new Date(room.created_at))}</td>
                  <td data-label={t('admin.colActions')}>
                    <ConfirmDialog
                      renderTrigger={(open) => (
                        <button
                          onClick={open}
                          type="button"
                          className="btn btn-danger-outline btn-sm"
                          disabled={deleteRoom.isPending && deleteRoom.variables === room.id}
                          aria-label={t('admin.deleteLabel', { name: room.name })}
                          data-testid="admin-delete-room"
                        >
                          <Icon name="trash" size={14} />
                          {t('admin.delete')}
                        </button>
                      )}
                      title={t('admin.deleteTitle')}
                      description={t('admin.deleteConfirm')}
                      confirmLabel={t('admin.delete')}
                      cancelLabel={t('admin.cancel')}
                      onConfirm={() => deleteRoom.mutate(room.id)}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
