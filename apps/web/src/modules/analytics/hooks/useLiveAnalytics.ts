import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { analyticsApi, type AnalyticsCredential } from '../api/analytics.api';
import { useAnalyticsCredential } from './useAnalyticsCredential';

const LIVE_REFRESH_MS = 15_000;

/** Who watches the room now and how late its captions are, asked every 15 s while the room is live. */
export function useLiveAnalytics(roomId: string, hostKey: string | null, live: boolean) {
  const credential = useAnalyticsCredential(hostKey);
  return useQuery({
    queryKey: queryKeys.analytics.live(roomId),
    queryFn: () => analyticsApi.live(roomId, credential as AnalyticsCredential),
    enabled: live && credential !== null,
    refetchInterval: LIVE_REFRESH_MS,
  });
}
