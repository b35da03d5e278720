import type { RoomResponse } from '@lt/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { IconName } from '../../../components/Icon';
import { useDashboardT } from '../../../i18n/useDashboardT';
import { EmptyState } from './EmptyState';
import { TableSkeleton } from './TableSkeleton';

/** The lists' texts: `<list>.loading`, `.emptyTitle`, `.emptyBody`, `.emptyCta` in the dashboard catalog. */
type RoomListName = 'active' | 'scheduled' | 'history';

/**
 * A dashboard list of rooms in its states: a skeleton while it loads, nothing of its own on an error (the
 * screen shows the banner), the empty state with a link to create a room, else the list itself.
 */
export function RoomListBody({
  rooms,
  list,
  icon,
  children,
}: {
  rooms: UseQueryResult<RoomResponse[]>;
  list: RoomListName;
  icon: IconName;
  children: (rooms: RoomResponse[]) => ReactNode;
}) {
  const t = useDashboardT();
  if (rooms.isPending) return <TableSkeleton label={t(`${list}.loading`)} />;
  if (rooms.isError) return null;
  if (rooms.data.length === 0) {
    return (
      <EmptyState
        icon={icon}
        title={t(`${list}.emptyTitle`)}
        body={t(`${list}.emptyBody`)}
        testId={`${list}-empty`}
        action={
          <Link to="/dashboard/create" className="btn btn-primary">
            {t(`${list}.emptyCta`)}
          </Link>
        }
      />
    );
  }
  return <>{children(rooms.data)}</>;
}
