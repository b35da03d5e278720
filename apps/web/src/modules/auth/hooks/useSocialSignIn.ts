import type { SocialProvider } from '@lt/contracts';
import { useMutation } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { SocialUnavailableError, startSocialSignIn } from '../social-sign-in';
import { useLoadPublicConfig } from './useLoadPublicConfig';

/** Sends the visitor to Google or Apple through Keycloak; it stays pending while the page leaves. */
export function useSocialSignIn() {
  const loadConfig = useLoadPublicConfig();
  return useMutation<void, unknown, SocialProvider>({
    mutationKey: queryKeys.auth.social(),
    mutationFn: async (provider) => {
      const { keycloak } = await loadConfig();
      if (!keycloak) throw new SocialUnavailableError();
      await startSocialSignIn(provider, keycloak);
    },
  });
}
