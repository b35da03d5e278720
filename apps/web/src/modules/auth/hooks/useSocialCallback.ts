import type { SocialProvider } from '@lt/contracts';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useT } from '../../../i18n/useT';
import { useLatest } from '../../../lib/useLatest';
import { errorText } from '../../../lib/error-text';
import { socialErrorText, socialUnavailableText } from '../auth-errors';
import { completeSocialSignIn, rememberedProvider, SocialSignInError, SocialUnavailableError } from '../social-sign-in';
import { useAuth } from './useAuth';
import { useLoadPublicConfig } from './useLoadPublicConfig';

export type SocialCallbackState = { phase: 'pending' } | { phase: 'error'; message: string };

/** On /auth/callback: finish the Keycloak round trip, open our session and go to the dashboard. */
export function useSocialCallback(): SocialCallbackState {
  const t = useT();
  const { client } = useAuth();
  const loadConfig = useLoadPublicConfig();
  const navigateRef = useLatest(useNavigate());
  const [failure, setFailure] = useState<{ error: unknown; provider: SocialProvider | null } | null>(null);

  useEffect(() => {
    let cancelled = false;
    const provider = rememberedProvider();
    const run = async () => {
      if (!provider) throw new SocialSignInError();
      const { keycloak } = await loadConfig();
      if (!keycloak) throw new SocialUnavailableError();
      await completeSocialSignIn(provider, keycloak, client);
    };
    run().then(
      () => {
        if (!cancelled) navigateRef.current('/dashboard', { replace: true });
      },
      (error: unknown) => {
        if (!cancelled) setFailure({ error, provider });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [client, loadConfig, navigateRef]);

  if (!failure) return { phase: 'pending' };
  const { error, provider } = failure;
  if (!provider) return { phase: 'error', message: errorText(error, t) };
  if (error instanceof SocialUnavailableError) return { phase: 'error', message: socialUnavailableText(provider, t) };
  return { phase: 'error', message: socialErrorText(error, provider, t) };
}
