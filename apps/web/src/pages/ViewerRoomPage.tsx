import { useParams } from 'react-router-dom';
import { Spinner } from '../components/Spinner';
import { useT } from '../i18n/useT';
import { ApiError } from '../lib/http';
import { isRoomId } from '../modules/rooms/room-id';
import { RoomNotFound } from '../modules/viewer/components/RoomNotFound';
import { ViewerRoom } from '../modules/viewer/components/ViewerRoom';
import { usePublicRoom } from '../modules/viewer/hooks/usePublicRoom';
import { NotFoundPage } from './NotFoundPage';

function ViewerRoute({ roomId }: { roomId: string }) {
  const t = useT();
  const room = usePublicRoom(roomId);
  if (room.isPending) return <Spinner label={t('auth.loading')} testId="viewer-loading" />;
  if (room.error instanceof ApiError && room.error.status === 404) return <RoomNotFound />;
  // Any other failure (the network, a service restarting) is the live connection's to retry and report.
  const initial = room.data ? { name: room.data.name, status: room.data.status, sourceLanguage: room.data.source_language } : null;
  return <ViewerRoom roomId={roomId} initialRoom={initial} />;
}

export function ViewerRoomPage() {
  const { roomId } = useParams();
  if (!isRoomId(roomId)) return <NotFoundPage />;
  return <ViewerRoute key={roomId} roomId={roomId} />;
}
