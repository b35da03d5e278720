import type { AdminUpdateUserBody, AdminUser } from '@lt/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { useAuth } from '../../auth/hooks/useAuth';
import { adminApi } from '../api/admin.api';

/** Plan, role and token resets of any user, and deleting any room; the lists and statistics follow. */
export function useAdminActions() {
  const { client, user } = useAuth();
  const queryClient = useQueryClient();

  const afterUserChange = (changed: AdminUser) => {
    queryClient.setQueryData<AdminUser[]>(queryKeys.admin.users(), (users) =>
      users?.map((existing) => (existing.id === changed.id ? changed : existing)),
    );
    void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
    // An admin changing their own plan or role sees it at once in the dashboard.
    if (changed.id === user?.id) void client.reloadProfile();
  };

  const updateUser = useMutation<AdminUser, Error, { userId: string; body: AdminUpdateUserBody }>({
    mutationFn: ({ userId, body }) => adminApi.updateUser(userId, body, client.request),
    onSuccess: afterUserChange,
  });
  const resetTokens = useMutation<AdminUser, Error, string>({
    mutationFn: (userId) => adminApi.resetTokens(userId, client.request),
    onSuccess: afterUserChange,
  });
  const deleteRoom = useMutation<void, Error, string>({
    mutationFn: (roomId) => adminApi.deleteRoom(roomId, client.request),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
      return queryClient.invalidateQueries({ queryKey: queryKeys.rooms.all });
    },
  });
  return { updateUser, resetTokens, deleteRoom };
}
