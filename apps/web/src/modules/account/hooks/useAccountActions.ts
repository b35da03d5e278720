import type { AuthUser, UpdateUserBody } from '@lt/contracts';
import { useMutation } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { useAuth } from '../../auth/hooks/useAuth';

/** Saving the own name and e-mail (the profile follows), and deleting the account. */
export function useAccountActions() {
  const { client } = useAuth();
  const update = useMutation<AuthUser, Error, UpdateUserBody>({
    mutationKey: queryKeys.auth.updateUser(),
    mutationFn: (body) => client.updateUser(body),
    onSuccess: () => client.reloadProfile(),
  });
  const remove = useMutation<void, Error, void>({
    mutationKey: queryKeys.auth.deleteUser(),
    mutationFn: () => client.deleteUser(),
  });
  return { update, remove };
}
