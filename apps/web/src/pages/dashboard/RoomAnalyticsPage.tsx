import { Navigate, useParams, useSearchParams } from 'react-router-dom';
import { RoomAnalyticsScreen } from '../../modules/analytics/components/RoomAnalyticsScreen';
import { isRoomId } from '../../modules/rooms/room-id';

export function RoomAnalyticsPage() {
  const { roomId } = useParams();
  const [params] = useSearchParams();
  const back = params.get('from') === 'active' ? '/dashboard/active' : '/dashboard/history';
  if (!isRoomId(roomId)) return <Navigate to={back} replace />;
  return <RoomAnalyticsScreen key={roomId} roomId={roomId} back={back} />;
}
