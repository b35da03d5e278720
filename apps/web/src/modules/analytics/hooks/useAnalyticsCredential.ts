import { useAuth } from '../../auth/hooks/useAuth';
import type { AnalyticsCredential } from '../api/analytics.api';

/** The host page's key when it has one, else the signed-in user's session; null for neither. */
export function useAnalyticsCredential(hostKey: string | null): AnalyticsCredential | null {
  const { client, user } = useAuth();
  if (hostKey) return { kind: 'hostKey', hostKey };
  return user ? { kind: 'session', request: client.request, download: client.download } : null;
}
