import { useMutation } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import type { AuthMode } from '../auth-mode';
import { useAuth } from './useAuth';

export interface AuthFormValues {
  mode: AuthMode;
  name: string;
  email: string;
  password: string;
}

export type AuthSubmitResult = { kind: 'signed-in' } | { kind: 'confirm-email' } | { kind: 'reset-sent'; email: string };

/** The modal's submit in each mode: sign in, sign up, or ask for a recovery e-mail. */
export function useAuthSubmit() {
  const { client } = useAuth();
  return useMutation<AuthSubmitResult, unknown, AuthFormValues>({
    mutationKey: queryKeys.auth.submit(),
    mutationFn: async ({ mode, name, email, password }) => {
      const address = email.trim();
      if (mode === 'reset') {
        await client.resetPasswordForEmail(address);
        return { kind: 'reset-sent', email: address };
      }
      if (mode === 'login') {
        await client.signInWithPassword(address, password);
        return { kind: 'signed-in' };
      }
      const trimmedName = name.trim();
      const answer = await client.signUp({ email: address, password, ...(trimmedName ? { name: trimmedName } : {}) });
      return answer.session ? { kind: 'signed-in' } : { kind: 'confirm-email' };
    },
  });
}
