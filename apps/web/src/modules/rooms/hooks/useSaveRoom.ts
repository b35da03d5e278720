import type { CreateOwnedRoomBody, RoomResponse, UpdateRoomBody } from '@lt/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { useAuth } from '../../auth/hooks/useAuth';
import { createRoom, updateRoom } from '../api/rooms.api';

export type SaveRoomInput = { kind: 'create'; body: CreateOwnedRoomBody } | { kind: 'update'; roomId: string; body: UpdateRoomBody };

/**
 * The create and edit forms' submit. A room made here is hosted with the owner's session, so its host key
 * is not kept on this device.
 */
export function useSaveRoom() {
  const { client } = useAuth();
  const queryClient = useQueryClient();
  return useMutation<RoomResponse, Error, SaveRoomInput>({
    mutationFn: async (input) =>
      input.kind === 'create' ? (await createRoom(input.body, client.request)).room : updateRoom(input.roomId, input.body, client.request),
    onSuccess: (room) => {
      queryClient.setQueryData(queryKeys.rooms.detail(room.id), room);
      return queryClient.invalidateQueries({ queryKey: queryKeys.rooms.lists() });
    },
  });
}
