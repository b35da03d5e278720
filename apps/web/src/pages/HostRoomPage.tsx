import { useParams } from 'react-router-dom';
import { HostRoomScreen } from '../modules/host/components/HostRoomScreen';
import { isRoomId } from '../modules/rooms/room-id';
import { NotFoundPage } from './NotFoundPage';

export function HostRoomPage() {
  const { roomId } = useParams();
  if (!isRoomId(roomId)) return <NotFoundPage />;
  return <HostRoomScreen key={roomId} roomId={roomId} />;
}
