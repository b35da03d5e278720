import { useQuery } from '@tanstack/react-query';
import { queryKeys, type RoomListFilter } from '../../../lib/query-keys';
import { useAuth } from '../../auth/hooks/useAuth';
import { listRooms } from '../api/rooms.api';

/** The signed-in user's rooms as one of the dashboard's lists asks for them. */
export function useRoomList(filter: RoomListFilter) {
  const { client, user } = useAuth();
  return useQuery({
    queryKey: queryKeys.rooms.list(filter),
    queryFn: () => listRooms(filter, client.request).then((answer) => answer.rooms),
    enabled: user !== null,
  });
}
