import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { useAuth } from '../../auth/hooks/useAuth';
import { analyticsApi, type AnalyticsCredential } from '../api/analytics.api';

const LIVE_REFRESH_MS = 15_000;

/** Who watches the room now and how late its captions are, asked every 15 s while the room is live. */
export function useLiveAnalytics(roomId: string, hostKey: string | null, live: boolean) {
  const { client, user } = useAuth();
  const credential: AnalyticsCredential | null = hostKey
    ? { kind: 'hostKey', hostKey }
    : user
      ? { kind: 'session', request: client.request }
      : null;
  return useQuery({
    queryKey: queryKeys.analytics.live(roomId),
    queryFn: () => analyticsApi.live(roomId, credential as AnalyticsCredential),
    enabled: live && credential !== null,
    refetchInterval: LIVE_REFRESH_MS,
  });
}
