import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { useAuth } from '../../auth/hooks/useAuth';
import { inviteSpeaker, listSpeakers, removeSpeaker } from '../api/speakers.api';

/** The room's speakers with their status, and the owner's invite and remove actions. */
export function useSpeakers(roomId: string, enabled: boolean) {
  const { client } = useAuth();
  const queryClient = useQueryClient();
  const key = queryKeys.speakers.list(roomId);
  const list = useQuery({ queryKey: key, queryFn: () => listSpeakers(roomId, client.request), enabled });
  const invite = useMutation({
    mutationFn: (name: string) => inviteSpeaker(roomId, name, client.request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  const remove = useMutation({
    mutationFn: (speakerId: string) => removeSpeaker(roomId, speakerId, client.request),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  return { list, invite, remove, refresh: () => queryClient.invalidateQueries({ queryKey: key }) };
}
