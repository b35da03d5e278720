import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { getPublicRoom } from '../api/viewer.api';

/** The room behind a viewer link, asked once before the page connects: an unknown room is said at once. */
export function usePublicRoom(roomId: string) {
  return useQuery({
    queryKey: queryKeys.view.room(roomId),
    queryFn: () => getPublicRoom(roomId),
    retry: false,
    staleTime: Infinity,
  });
}
