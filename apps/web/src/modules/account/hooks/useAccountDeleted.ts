import { useMutationState } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Whether this tab deleted its account: the deletion signs out, so the dashboard has already left for the landing
 * page when it is done; the finished deletion stays in the mutation cache for the landing page to say so.
 */
export function useAccountDeleted(): boolean {
  return useMutationState({ filters: { mutationKey: queryKeys.auth.deleteUser(), status: 'success' } }).length > 0;
}
