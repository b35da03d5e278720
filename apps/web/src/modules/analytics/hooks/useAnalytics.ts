import { useMutation, useQuery } from '@tanstack/react-query';
import type { AnalyticsReport } from '@lt/contracts';
import { queryKeys } from '../../../lib/query-keys';
import { saveFile } from '../../../lib/save-file';
import { useAuth } from '../../auth/hooks/useAuth';
import { analyticsApi } from '../api/analytics.api';

/** Minutes are written once a minute: asking more often shows nothing new. */
const REFRESH_MS = 60_000;

/** A room's report (its owner's), or every room's (`roomId` null: an admin's). */
export function useAnalyticsReport(roomId: string | null) {
  const { client, user } = useAuth();
  return useQuery<AnalyticsReport>({
    queryKey: roomId ? queryKeys.analytics.room(roomId) : queryKeys.analytics.all(),
    queryFn: () => (roomId ? analyticsApi.room(roomId, client.request) : analyticsApi.all(client.request)),
    enabled: user !== null,
    refetchInterval: REFRESH_MS,
  });
}

/** Downloads the report as CSV under the name the server gives it. */
export function useExportAnalytics(roomId: string | null) {
  const { client } = useAuth();
  return useMutation<string, Error, void>({
    mutationFn: async () => {
      const file = roomId ? await analyticsApi.exportRoom(roomId, client.download) : await analyticsApi.exportAll(client.download);
      const filename = file.filename ?? 'analytics.csv';
      saveFile(file.blob, filename);
      return filename;
    },
  });
}
