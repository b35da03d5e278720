import type { RoomResponse } from '@lt/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { useAuth } from '../../auth/hooks/useAuth';
import { deleteRoom, duplicateRoom, setRoomLive } from '../api/rooms.api';

/** Start / end, duplicate and delete of the owner's rooms; every one refreshes the lists. */
export function useRoomActions() {
  const { client } = useAuth();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.rooms.all });

  const setLive = useMutation<RoomResponse, Error, { roomId: string; live: boolean }>({
    mutationFn: ({ roomId, live }) => setRoomLive(roomId, live, client.request),
    onSuccess: refresh,
  });
  const duplicate = useMutation<RoomResponse, Error, string>({
    mutationFn: (roomId) => duplicateRoom(roomId, client.request),
    onSuccess: refresh,
  });
  const remove = useMutation<void, Error, string>({
    mutationFn: (roomId) => deleteRoom(roomId, client.request),
    onSuccess: (_, roomId) => {
      queryClient.removeQueries({ queryKey: queryKeys.rooms.detail(roomId) });
      return refresh();
    },
  });
  return { setLive, duplicate, remove };
}
