import { useSearchParams } from 'react-router-dom';
import { useHostKey } from '../../rooms/hooks/useHostKey';
import { HostRoom } from './HostRoom';
import { NoHostAccess } from './NoHostAccess';

export function HostRoomScreen({ roomId }: { roomId: string }) {
  const hostKey = useHostKey(roomId);
  const [params] = useSearchParams();
  if (!hostKey) return <NoHostAccess roomId={roomId} name={params.get('name')} />;
  return <HostRoom key={hostKey} roomId={roomId} hostKey={hostKey} />;
}
