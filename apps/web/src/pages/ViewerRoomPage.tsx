import { useParams } from 'react-router-dom';
import { isRoomId } from '../modules/rooms/room-id';
import { ViewerRoom } from '../modules/viewer/components/ViewerRoom';
import { NotFoundPage } from './NotFoundPage';

export function ViewerRoomPage() {
  const { roomId } = useParams();
  if (!isRoomId(roomId)) return <NotFoundPage />;
  return <ViewerRoom key={roomId} roomId={roomId} />;
}
