import { useEffect, useState } from 'react';
import { parseAuthLink, removeLinkFromAddress } from '../auth-link';
import { useAuth } from './useAuth';

const carriesTokens = () => parseAuthLink('signup', window.location.hash).kind === 'tokens';

/**
 * A confirmed sign-up lands on `/#access_token=…&type=signup`: sign the visitor in and clean the
 * address. True while that is under way.
 */
export function useConfirmationLink(): boolean {
  const { client } = useAuth();
  const [pending, setPending] = useState(carriesTokens);

  useEffect(() => {
    const link = parseAuthLink('signup', window.location.hash);
    if (link.kind !== 'tokens') return;
    removeLinkFromAddress();
    client
      .setSessionFromLink(link.tokens, 'SIGNED_IN')
      .catch(() => undefined)
      .finally(() => setPending(false));
  }, [client]);

  return pending;
}
