import { useMutation, useQuery } from '@tanstack/react-query';
import type { AnalyticsCsvTable, AnalyticsReport } from '@lt/contracts';
import { queryKeys } from '../../../lib/query-keys';
import { saveFile } from '../../../lib/save-file';
import { useAuth } from '../../auth/hooks/useAuth';
import { analyticsApi, type AnalyticsCredential } from '../api/analytics.api';
import { useAnalyticsCredential } from './useAnalyticsCredential';

/** Minutes are written once a minute: asking more often shows nothing new. */
const REFRESH_MS = 60_000;

/**
 * A room's report (its owner's, or the host page's with the room's host key), or every room's (`roomId` null:
 * an admin's).
 */
export function useAnalyticsReport(roomId: string | null, hostKey: string | null = null) {
  const { client } = useAuth();
  const credential = useAnalyticsCredential(hostKey);
  return useQuery<AnalyticsReport>({
    queryKey: roomId ? queryKeys.analytics.room(roomId) : queryKeys.analytics.all(),
    queryFn: () => (roomId ? analyticsApi.room(roomId, credential as AnalyticsCredential) : analyticsApi.all(client.request)),
    enabled: credential !== null,
    refetchInterval: REFRESH_MS,
  });
}

/** Downloads a table of the report (its steps or its totals) as CSV under the name the server gives it. */
export function useExportAnalytics(roomId: string | null, hostKey: string | null = null) {
  const { client } = useAuth();
  const credential = useAnalyticsCredential(hostKey);
  return useMutation<string, Error, AnalyticsCsvTable>({
    mutationFn: async (table) => {
      const file = roomId
        ? await analyticsApi.exportRoom(roomId, credential as AnalyticsCredential, table)
        : await analyticsApi.exportAll(client.download, table);
      const filename = file.filename ?? 'analytics.csv';
      saveFile(file.blob, filename);
      return filename;
    },
  });
}
