import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { useAuth } from '../../auth/hooks/useAuth';
import { getRoom } from '../api/rooms.api';

/** One of the signed-in user's rooms; another user's room answers 404. */
export function useRoom(roomId: string, enabled = true) {
  const { client, user } = useAuth();
  return useQuery({
    queryKey: queryKeys.rooms.detail(roomId),
    queryFn: () => getRoom(roomId, client.request),
    enabled: enabled && user !== null,
    retry: false,
  });
}
