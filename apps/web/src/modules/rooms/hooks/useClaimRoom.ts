import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../../../lib/query-keys';
import { useAuth } from '../../auth/hooks/useAuth';
import { claimRoom } from '../api/rooms.api';
import { loadRoomOwner, saveRoomOwner } from '../host-key';

/**
 * A signed-in host holding a room's key asks to own it, so a room made before signing in joins the user's
 * dashboard. The server refuses a room someone else owns; nothing changes here then.
 */
export function useClaimRoom(roomId: string, hostKey: string | null) {
  const { client, user } = useAuth();
  const queryClient = useQueryClient();
  const userId = user?.id ?? null;
  const { mutate } = useMutation({
    mutationKey: queryKeys.rooms.claim(roomId),
    mutationFn: (key: string) => claimRoom(roomId, key, client.request),
    onSuccess: (room) => {
      if (room.owner_id) saveRoomOwner(roomId, room.owner_id);
      return queryClient.invalidateQueries({ queryKey: queryKeys.rooms.all });
    },
  });

  useEffect(() => {
    if (userId && hostKey && loadRoomOwner(roomId) !== userId) mutate(hostKey);
  }, [userId, hostKey, roomId, mutate]);
}
