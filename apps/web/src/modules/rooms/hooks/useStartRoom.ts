import type { RoomResponse } from '@lt/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { hostPath } from '../../../lib/links';
import { queryKeys } from '../../../lib/query-keys';
import { useAuth } from '../../auth/hooks/useAuth';
import { setRoomLive } from '../api/rooms.api';

/** Starting a scheduled room from a list sets it active and opens its host page. */
export function useStartRoom() {
  const { client } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation<RoomResponse, Error, string>({
    mutationFn: (roomId) => setRoomLive(roomId, true, client.request),
    onSuccess: (room) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.rooms.all });
      navigate(hostPath(room.id, room.name));
    },
  });
}
