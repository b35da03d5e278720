import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { useAuth } from '../../auth/hooks/useAuth';
import { getTranscript } from '../api/rooms.api';

export function useTranscript(roomId: string) {
  const { client } = useAuth();
  return useQuery({
    queryKey: queryKeys.rooms.transcript(roomId),
    queryFn: () => getTranscript(roomId, client.request),
    retry: false,
  });
}
