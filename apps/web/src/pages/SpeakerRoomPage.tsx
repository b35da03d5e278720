import { useParams, useSearchParams } from 'react-router-dom';
import { useRoomT } from '../i18n/useRoomT';
import { isRoomId } from '../modules/rooms/room-id';
import { SpeakerNotice } from '../modules/speakers/components/SpeakerNotice';
import { SpeakerRoomScreen } from '../modules/speakers/components/SpeakerRoomScreen';

export function SpeakerRoomPage() {
  const t = useRoomT();
  const { roomId } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim();
  const name = params.get('name')?.trim();
  if (!isRoomId(roomId) || !token || !name) {
    return <SpeakerNotice title={t('speak.invalid.title')} body={t('speak.invalid.body')} testId="speaker-invalid" />;
  }
  return <SpeakerRoomScreen key={`${roomId}:${token}`} roomId={roomId} token={token} name={name} />;
}
