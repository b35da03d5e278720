import type { GlossaryDraftEntry, GlossaryResponse } from '@lt/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getGlossary, saveGlossary, type GlossaryCredential } from '../api/glossary.api';

export const glossaryKey = (roomId: string) => ['glossary', roomId] as const;

/** The room's glossary as stored, and its replacement; a save updates the cached one. */
export function useGlossary(roomId: string | null, credential: GlossaryCredential | null) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: glossaryKey(roomId ?? ''),
    queryFn: () => getGlossary(roomId as string, credential as GlossaryCredential),
    enabled: roomId !== null && credential !== null,
    retry: false,
  });
  const save = useMutation<GlossaryResponse, Error, { roomId: string; entries: GlossaryDraftEntry[] }>({
    mutationFn: ({ roomId: id, entries }) => saveGlossary(id, entries, credential as GlossaryCredential),
    onSuccess: (glossary) => queryClient.setQueryData(glossaryKey(glossary.room_id), glossary),
  });
  return { query, save };
}
