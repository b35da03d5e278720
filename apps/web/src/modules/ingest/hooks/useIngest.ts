import type { IngestKeyResponse, IngestResponse } from '@lt/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getIngest, rotateIngestKey, type IngestCredential } from '../api/ingest.api';

export const ingestKey = (roomId: string) => ['ingest', roomId] as const;

/** The room's ingest (address, whether it has a key, the feed now) and a new key, kept only in the mutation's answer. */
export function useIngest(roomId: string, credential: IngestCredential) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: ingestKey(roomId), queryFn: () => getIngest(roomId, credential), retry: false });
  const rotate = useMutation<IngestKeyResponse, Error, void>({
    mutationFn: () => rotateIngestKey(roomId, credential),
    onSuccess: ({ key: _key, srt_url: _srt, rtmp_url: _rtmp, ...ingest }) =>
      queryClient.setQueryData<IngestResponse>(ingestKey(roomId), ingest),
  });
  return { query, rotate };
}
