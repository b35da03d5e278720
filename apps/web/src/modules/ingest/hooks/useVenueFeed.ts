import type { FeedStatus } from '@lt/contracts';
import { useAuth } from '../../auth/hooks/useAuth';
import type { IngestCredential } from '../api/ingest.api';
import { useIngest } from './useIngest';

/**
 * The venue feed on the host page: whether the server takes feeds (the panel shows only then), and the feed's
 * state: the live `feed_status` frames once one came, before that what the ingest said when the page opened
 * (a feed stopped before the host arrived still says why).
 */
export function useVenueFeed(roomId: string, hostKey: string | null, live: FeedStatus | null) {
  const { client } = useAuth();
  const credential: IngestCredential = hostKey ? { kind: 'hostKey', hostKey } : { kind: 'session', request: client.request };
  const { query } = useIngest(roomId, credential);
  const known = query.data?.feed ?? null;
  return {
    enabled: query.data?.enabled === true,
    credential,
    feed: live ?? (known && known.state !== 'waiting' ? known : null),
  };
}
