import type { LanguageCode } from '@lt/contracts';
import { useState } from 'react';
import { Icon } from '../../../components/Icon';
import { useRoomTranscriptT } from '../../../i18n/useRoomTranscriptT';
import '../../../styles/room-transcript.css';
import { usePublicRoom } from '../../viewer/hooks/usePublicRoom';
import { RoomTranscriptDialog } from './RoomTranscriptDialog';

interface RoomTranscriptButtonProps {
  roomId: string;
  /** The language to read it in (the viewer's caption language); as spoken when null. */
  lang: LanguageCode | null;
  /** The host page's key: opens the transcript even when the owner turned viewer downloads off. */
  hostKey?: string | null;
  className?: string;
  /** The label's class: the viewer's bar, which on a phone shows the label's short form. */
  labelClassName?: string;
}

/**
 * Opens the room's transcript, to read and download. For a viewer it is there only while the owner lets
 * viewers download it (the room says so, and a refusal from the server hides it too); the host key always opens it.
 */
export function RoomTranscriptButton({
  roomId,
  lang,
  hostKey = null,
  className = 'btn btn-secondary',
  labelClassName,
}: RoomTranscriptButtonProps) {
  const t = useRoomTranscriptT();
  const room = usePublicRoom(roomId);
  const [open, setOpen] = useState(false);
  const [refused, setRefused] = useState(false);
  const allowed = hostKey !== null || (room.data?.viewer_downloads === true && !refused);
  if (!allowed && !open) return null;
  return (
    <>
      <button type="button" className={className} aria-haspopup="dialog" data-testid="room-transcript-open" onClick={() => setOpen(true)}>
        <Icon name="file" size={18} />
        {labelClassName ? (
          <span className={labelClassName}>
            <span className="label-long">{t('roomTranscript.open')}</span>
            <span className="label-short" aria-hidden="true">
              {t('roomTranscript.short')}
            </span>
          </span>
        ) : (
          t('roomTranscript.open')
        )}
      </button>
      {open && (
        <RoomTranscriptDialog
          roomId={roomId}
          lang={lang}
          hostKey={hostKey}
          onClose={() => setOpen(false)}
          onRefused={() => setRefused(true)}
        />
      )}
    </>
  );
}
