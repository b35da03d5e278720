import { useSearchParams } from 'react-router-dom';
import { Spinner } from '../../../components/Spinner';
import { useT } from '../../../i18n/useT';
import { useAuth } from '../../auth/hooks/useAuth';
import { useClaimRoom } from '../../rooms/hooks/useClaimRoom';
import { useHostKey } from '../../rooms/hooks/useHostKey';
import { useRoom } from '../../rooms/hooks/useRoom';
import { HostRoom } from './HostRoom';
import { NoHostAccess } from './NoHostAccess';

/**
 * Who may host: whoever holds the room's key, or its signed-in owner with the session alone. A signed-in
 * holder of the key of a room without an owner takes it over.
 */
export function HostRoomScreen({ roomId }: { roomId: string }) {
  const t = useT();
  const hostKey = useHostKey(roomId);
  const { status, user } = useAuth();
  const [params] = useSearchParams();
  const owned = useRoom(roomId, hostKey === null);
  useClaimRoom(roomId, hostKey);

  if (hostKey) return <HostRoom key={hostKey} roomId={roomId} hostKey={hostKey} />;
  if (status === 'loading' || (user && owned.isPending)) return <Spinner label={t('host.checkingAccess')} />;
  if (user && owned.isSuccess) return <HostRoom key="session" roomId={roomId} hostKey={null} />;
  return <NoHostAccess roomId={roomId} name={params.get('name')} />;
}
