import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { useAuth } from '../../auth/hooks/useAuth';
import { adminApi } from '../api/admin.api';

const RECHECK_MS = 30_000;

/** Each part's readiness as the server sees it now, checked again every 30 s while shown. */
export function useSystemHealth() {
  const { client } = useAuth();
  return useQuery({
    queryKey: queryKeys.admin.health(),
    queryFn: () => adminApi.health(client.request),
    refetchInterval: RECHECK_MS,
    staleTime: 0,
    retry: false,
  });
}
