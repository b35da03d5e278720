import type { OwnedRoom, RoomListResponse } from '@lt/contracts';
import { useQuery } from '@tanstack/react-query';
import { queryKeys, type RoomListFilter } from '../../../lib/query-keys';
import { useAuth } from '../../auth/hooks/useAuth';
import { listRooms } from '../api/rooms.api';

/** The signed-in user's rooms as one of the dashboard's lists asks for them, picked from the answer by `select`. */
function useRoomAnswer<T>(filter: RoomListFilter, select: (answer: RoomListResponse) => T) {
  const { client, user } = useAuth();
  return useQuery({
    queryKey: queryKeys.rooms.list(filter),
    queryFn: () => listRooms(filter, client.request),
    select,
    enabled: user !== null,
  });
}

const roomsOf = (answer: RoomListResponse): OwnedRoom[] => answer.rooms;
const whole = (answer: RoomListResponse) => answer;

/** The rooms of one of the dashboard's lists. */
export function useRoomList(filter: RoomListFilter) {
  return useRoomAnswer(filter, roomsOf);
}

/** The rooms of a list and how many match in all, beyond its limit too. */
export function useRoomPage(filter: RoomListFilter) {
  return useRoomAnswer(filter, whole);
}
