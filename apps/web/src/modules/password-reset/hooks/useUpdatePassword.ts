import type { AuthUser } from '@lt/contracts';
import { useMutation } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { useAuth } from '../../auth/hooks/useAuth';

export function useUpdatePassword() {
  const { client } = useAuth();
  return useMutation<AuthUser, unknown, string>({
    mutationKey: queryKeys.auth.updatePassword(),
    mutationFn: (password) => client.updateUser({ password }),
  });
}
