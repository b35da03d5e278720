import type { RoomStatus } from '@lt/contracts';
import { useDashboardT } from '../../../i18n/useDashboardT';

/** Activa green, Programada blue, anything else Finalizada gray. */
export function RoomStatusBadge({ status }: { status: RoomStatus }) {
  const t = useDashboardT();
  const [tone, key] =
    status === 'active'
      ? (['success', 'room.status.active'] as const)
      : status === 'scheduled'
        ? (['info', 'room.status.scheduled'] as const)
        : (['muted', 'room.status.ended'] as const);
  return (
    <span className={`badge badge-${tone}`} data-testid="room-status" data-status={status}>
      {t(key)}
    </span>
  );
}
