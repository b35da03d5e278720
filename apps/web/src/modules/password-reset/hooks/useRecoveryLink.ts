import { useEffect, useState } from 'react';
import type { MessageKey } from '../../../i18n/es';
import { ApiError } from '../../../lib/http';
import type { AuthClient } from '../../auth/auth-client';
import { useAuth } from '../../auth/hooks/useAuth';
import { parseAuthLink, removeLinkFromAddress, type AuthLink } from '../../auth/auth-link';

export type RecoveryState = { phase: 'verifying' } | { phase: 'ready' } | { phase: 'error'; message: MessageKey };

/** The recovery link is checked this long after the page opens. */
export const LINK_CHECK_DELAY_MS = 100;

const failed = (message: MessageKey): RecoveryState => ({ phase: 'error', message });

async function verifyLink(client: AuthClient): Promise<RecoveryState> {
  let link: AuthLink;
  try {
    link = parseAuthLink('recovery', window.location.hash, window.location.search);
  } catch {
    return failed('reset.error.processing');
  }
  if (link.kind !== 'none') removeLinkFromAddress();

  switch (link.kind) {
    case 'error':
      return failed('reset.error.expired');
    case 'invalid':
      return failed('reset.error.format');
    case 'tokens':
      try {
        await client.setSessionFromLink(link.tokens, 'PASSWORD_RECOVERY');
        return { phase: 'ready' };
      } catch (error) {
        return failed(error instanceof ApiError && error.status === 401 ? 'reset.error.verify' : 'reset.error.session');
      }
    case 'none':
      try {
        return (await client.getSession()) ? { phase: 'ready' } : failed('reset.error.noSession');
      } catch {
        return failed('reset.error.sessionCheck');
      }
  }
}

/** The /reset-password page's link check: verifying, then a usable session (ready) or an error. */
export function useRecoveryLink(): RecoveryState {
  const { client } = useAuth();
  const [state, setState] = useState<RecoveryState>({ phase: 'verifying' });

  useEffect(() => {
    let cancelled = false;
    const timer = setTimeout(() => {
      verifyLink(client)
        .catch(() => failed('reset.error.unexpected'))
        .then((next) => {
          if (!cancelled) setState(next);
        });
    }, LINK_CHECK_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [client]);

  return state;
}
