import { CLOSE_CODES, LiveErrorCode, type InterimFrame, type HostLanguageCode, type RoomStatus, type ServerFrame } from '@lt/contracts';
import { useCallback, useMemo, useReducer, useState } from 'react';
import { useLiveConnection, type LiveConnection } from '../../live/hooks/useLiveConnection';
import { Outbox } from '../../live/outbox';
import { transcriptFrame } from '../../live/transcript-frame';
import { initialTranscriptLog, transcriptLogReducer, type TranscriptEntry } from '../../host/transcript-log';
import type { SpeechResult } from '../../speech/speech-capture';

export interface SpeakerRoom extends Pick<LiveConnection, 'status' | 'problem'> {
  roomStatus: RoomStatus | null;
  speakerId: string | null;
  hostConnected: boolean | null;
  removed: boolean;
  log: TranscriptEntry[];
  otherInterim: InterimFrame | null;
  serverError: string | null;
  sendFinal: (result: SpeechResult) => void;
  sendInterim: (result: SpeechResult) => void;
}

/** A co-host speaker's connection: joins with its invite token, sends its sentences like the host's (enhanced). */
export function useSpeakerRoom({
  roomId,
  token,
  lang,
  speakerId,
  onRoomEnded,
}: {
  roomId: string;
  token: string;
  lang: HostLanguageCode;
  speakerId: string;
  onRoomEnded: () => void;
}): SpeakerRoom {
  const outbox = useMemo(() => new Outbox(roomId, undefined, `speaker-${speakerId}`), [roomId, speakerId]);
  const [log, dispatch] = useReducer(transcriptLogReducer, outbox.list(), initialTranscriptLog);
  const [roomStatus, setRoomStatus] = useState<RoomStatus | null>(null);
  const [hostConnected, setHostConnected] = useState<boolean | null>(null);
  const [removed, setRemoved] = useState(false);
  const [otherInterim, setOtherInterim] = useState<InterimFrame | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);

  const onFrame = (frame: ServerFrame) => {
    switch (frame.type) {
      case 'joined':
        setServerError(null);
        setRoomStatus(frame.room.status);
        if (frame.hostConnected !== undefined) setHostConnected(frame.hostConnected);
        break;
      case 'room_start':
        setRoomStatus('active');
        break;
      case 'room_end':
        setRoomStatus('ended');
        setOtherInterim(null);
        onRoomEnded();
        break;
      case 'host_status':
        setHostConnected(frame.connected);
        break;
      case 'ack':
        dispatch({ type: 'acked', messageId: frame.messageId, seq: frame.seq });
        break;
      case 'transcript':
        dispatch({ type: 'stored', frame });
        setOtherInterim((prev) => (prev?.speakerId === frame.speakerId ? null : prev));
        break;
      case 'interim':
        setOtherInterim(frame);
        break;
      case 'error':
        if (frame.code === LiveErrorCode.SpeakerRemoved) {
          setRemoved(true);
          onRoomEnded();
        } else if (frame.messageId) dispatch({ type: 'failed', messageId: frame.messageId, message: frame.message });
        else setServerError(frame.message);
        break;
    }
  };

  const live = useLiveConnection({
    roomId,
    enabled: !removed,
    outbox,
    buildJoin: () => ({ type: 'join', roomId, role: 'speaker', inviteToken: token, lang }),
    onFrame,
  });
  const { sendTranscript } = live;
  const closedForGood = live.status === 'failed' && live.problem?.kind === 'closed' && live.problem.code === CLOSE_CODES.speakerRemoved;

  const sendFinal = useCallback(
    (result: SpeechResult) => {
      const frame = transcriptFrame(result, lang, true, true);
      dispatch({ type: 'sent', frame });
      sendTranscript(frame);
    },
    [lang, sendTranscript],
  );
  const sendInterim = useCallback(
    (result: SpeechResult) => void sendTranscript(transcriptFrame(result, lang, false, false)),
    [lang, sendTranscript],
  );

  return {
    status: live.status,
    problem: live.problem,
    roomStatus,
    speakerId,
    hostConnected,
    removed: removed || closedForGood,
    log,
    otherInterim,
    serverError,
    sendFinal,
    sendInterim,
  };
}
