import { Navigate, useParams } from 'react-router-dom';
import { isRoomId } from '../../modules/rooms/room-id';
import { EditRoomScreen } from '../../modules/schedule/components/EditRoomScreen';

export function EditRoomPage() {
  const { roomId } = useParams();
  if (!isRoomId(roomId)) return <Navigate to="/dashboard/scheduled" replace />;
  return <EditRoomScreen key={roomId} roomId={roomId} />;
}
