import type { PublicConfig } from '@lt/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '../../../lib/query-keys';
import { getPublicConfig } from '../api/auth.api';

/** `/config.json` on demand (it only matters for a social sign-in), fetched once per page load. */
export function useLoadPublicConfig(): () => Promise<PublicConfig> {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.fetchQuery({ queryKey: queryKeys.config, queryFn: getPublicConfig, staleTime: Infinity }),
    [queryClient],
  );
}
