import { useParams, useSearchParams } from 'react-router-dom';
import { isRoomId } from '../modules/rooms/room-id';
import { captionOptions } from '../modules/viewer/caption-options';
import { CaptionOverlay } from '../modules/viewer/components/CaptionOverlay';

/** /view/{roomId}/captions?lang=&lines=&size=&bg=&color=: nothing but the captions. */
export function CaptionsPage() {
  const { roomId } = useParams();
  const [params] = useSearchParams();
  if (!isRoomId(roomId)) return null;
  return <CaptionOverlay key={roomId} roomId={roomId} options={captionOptions(params)} />;
}
