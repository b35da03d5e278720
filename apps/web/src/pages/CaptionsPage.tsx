import { useParams, useSearchParams } from 'react-router-dom';
import { isRoomId } from '../modules/rooms/room-id';
import { captionOptions } from '../modules/viewer/caption-options';
import { CaptionOverlay } from '../modules/viewer/components/CaptionOverlay';
import { CaptionProblem } from '../modules/viewer/components/CaptionProblem';

/** /view/{roomId}/captions?lang=&lines=&size=&bg=&color=: nothing but the captions. */
export function CaptionsPage() {
  const { roomId } = useParams();
  const [params] = useSearchParams();
  const options = captionOptions(params);
  const lang = params.get('lang');
  if (!isRoomId(roomId)) return <CaptionProblem kind="room-id" />;
  if (!lang) return <CaptionProblem kind="no-lang" />;
  if (!options.lang) return <CaptionProblem kind="bad-lang" lang={lang} />;
  return <CaptionOverlay key={roomId} roomId={roomId} options={options} />;
}
