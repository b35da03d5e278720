import { useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { AuthClient } from './auth-client';
import { AuthContext } from './auth-context';

export function AuthProvider({ client, children }: { client?: AuthClient; children: ReactNode }) {
  const [authClient] = useState(() => client ?? new AuthClient());
  useEffect(() => {
    authClient.start();
    return () => authClient.stop();
  }, [authClient]);
  const state = useSyncExternalStore(authClient.subscribe, authClient.getState);
  const value = useMemo(() => ({ ...state, client: authClient }), [state, authClient]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
