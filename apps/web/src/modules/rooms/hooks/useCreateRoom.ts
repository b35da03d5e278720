import { LIMITS, type CreateRoomResponse } from '@lt/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { hostPath } from '../../../lib/links';
import { queryKeys } from '../../../lib/query-keys';
import { useAuth } from '../../auth/hooks/useAuth';
import { createRoom } from '../api/rooms.api';
import { saveHostKey, saveRoomOwner } from '../host-key';

export function normaliseRoomName(name: string | undefined): string | undefined {
  const trimmed = (name ?? '').trim().slice(0, LIMITS.roomNameMax);
  return trimmed ? trimmed : undefined;
}

/** Creates a room on the server, keeps its host key on this device and opens the host page. */
export function useCreateRoom() {
  const navigate = useNavigate();
  const { client } = useAuth();
  const queryClient = useQueryClient();
  return useMutation<CreateRoomResponse, Error, string | undefined>({
    mutationKey: queryKeys.rooms.create(),
    mutationFn: (name) => {
      const trimmed = normaliseRoomName(name);
      return createRoom(trimmed ? { name: trimmed } : {}, client.request);
    },
    onSuccess: ({ room, hostKey }) => {
      saveHostKey(room.id, hostKey);
      if (room.owner_id) saveRoomOwner(room.id, room.owner_id);
      void queryClient.invalidateQueries({ queryKey: queryKeys.rooms.lists() });
      navigate(hostPath(room.id, room.name));
    },
  });
}
