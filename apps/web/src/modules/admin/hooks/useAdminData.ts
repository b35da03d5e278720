import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { useAuth } from '../../auth/hooks/useAuth';
import { adminApi } from '../api/admin.api';

/** Everything the admin panel lists; `enabled` is false for a non-admin, who sees 'Access Denied'. */
export function useAdminData(enabled: boolean) {
  const { client } = useAuth();
  const users = useQuery({
    queryKey: queryKeys.admin.users(),
    queryFn: () => adminApi.users(client.request).then((answer) => answer.users),
    enabled,
  });
  const rooms = useQuery({
    queryKey: queryKeys.admin.rooms(),
    queryFn: () => adminApi.rooms(client.request).then((answer) => answer.rooms),
    enabled,
  });
  const stats = useQuery({ queryKey: queryKeys.admin.stats(), queryFn: () => adminApi.stats(client.request), enabled, retry: false });
  return { users, rooms, stats };
}
