import {
  LIMITS,
  type LanguageCode,
  type RoomStatus,
  type ServerFrame,
  type TranscriptFrame,
} from '@lt/contracts';
import { useCallback, useMemo, useReducer, useState } from 'react';
import { useLatest } from '../../../lib/useLatest';
import { useAuth } from '../../auth/hooks/useAuth';
import { useLiveConnection, type LiveConnection } from '../../live/hooks/useLiveConnection';
import { Outbox } from '../../live/outbox';
import type { SpeechResult } from '../../speech/speech-capture';
import { initialTranscriptLog, transcriptLogReducer, type TranscriptEntry } from '../transcript-log';

export interface HostRoomInfo {
  name: string | null;
  status: RoomStatus | null;
  sourceLanguage: LanguageCode | null;
  translationUnavailable: boolean;
}

export interface HostRoom extends Pick<LiveConnection, 'status' | 'problem'> {
  room: HostRoomInfo;
  active: boolean;
  log: TranscriptEntry[];
  serverError: string | null;
  sendFinal: (result: SpeechResult, language: LanguageCode) => void;
  sendInterim: (result: SpeechResult, language: LanguageCode) => void;
  startRoom: (language: LanguageCode | null) => boolean;
  endRoom: () => boolean;
}

function transcriptFrame(result: SpeechResult, language: LanguageCode, final: boolean): TranscriptFrame {
  return {
    type: 'transcript',
    messageId: result.messageId,
    text: result.text.slice(0, LIMITS.transcriptTextMax),
    sourceLanguage: language,
    timestamp: result.timestamp,
    confidence: Math.min(1, Math.max(0, result.confidence)),
    final,
  };
}

/** The host's side of a room: its live connection, the outbox of finals and the transcription log. */
export function useHostRoom({
  roomId,
  hostKey,
  onRoomEnded,
}: {
  roomId: string;
  /** null: the signed-in owner hosts with the session alone. */
  hostKey: string | null;
  onRoomEnded?: () => void;
}): HostRoom {
  const outbox = useMemo(() => new Outbox(roomId), [roomId]);
  const [log, dispatch] = useReducer(transcriptLogReducer, outbox.list(), initialTranscriptLog);
  const [room, setRoom] = useState<HostRoomInfo>({
    name: null,
    status: null,
    sourceLanguage: null,
    translationUnavailable: false,
  });
  const [serverError, setServerError] = useState<string | null>(null);
  const accessTokenRef = useLatest(useAuth().session?.access_token);

  const onFrame = (frame: ServerFrame) => {
    switch (frame.type) {
      case 'joined':
        setServerError(null);
        setRoom({
          name: frame.room.name,
          status: frame.room.status,
          sourceLanguage: frame.room.sourceLanguage,
          translationUnavailable: frame.translationUnavailable === true,
        });
        break;
      case 'room_start':
        setRoom((prev) => ({ ...prev, status: 'active', sourceLanguage: frame.sourceLanguage ?? prev.sourceLanguage }));
        dispatch({ type: 'cleared' });
        break;
      case 'room_end':
        setRoom((prev) => ({ ...prev, status: 'ended' }));
        onRoomEnded?.();
        break;
      case 'ack':
        dispatch({ type: 'acked', messageId: frame.messageId, seq: frame.seq });
        break;
      case 'transcript':
        dispatch({ type: 'stored', frame });
        break;
      case 'error':
        if (frame.messageId) dispatch({ type: 'failed', messageId: frame.messageId, message: frame.message });
        else setServerError(frame.message);
        break;
    }
  };

  const live = useLiveConnection({
    roomId,
    enabled: true,
    outbox,
    buildJoin: () => {
      const accessToken = accessTokenRef.current;
      return { type: 'join', roomId, role: 'host', ...(hostKey ? { hostKey } : {}), ...(accessToken ? { accessToken } : {}) };
    },
    onFrame,
  });
  const { send, sendTranscript } = live;

  const sendFinal = useCallback(
    (result: SpeechResult, language: LanguageCode) => {
      const frame = transcriptFrame(result, language, true);
      dispatch({ type: 'sent', frame });
      sendTranscript(frame);
    },
    [sendTranscript],
  );

  const sendInterim = useCallback(
    (result: SpeechResult, language: LanguageCode) => void sendTranscript(transcriptFrame(result, language, false)),
    [sendTranscript],
  );

  const startRoom = useCallback(
    (language: LanguageCode | null) =>
      send(language ? { type: 'room_start', sourceLanguage: language } : { type: 'room_start' }),
    [send],
  );

  const endRoom = useCallback(() => send({ type: 'room_end' }), [send]);

  return {
    status: live.status,
    problem: live.problem,
    room,
    active: room.status === 'active',
    log,
    serverError,
    sendFinal,
    sendInterim,
    startRoom,
    endRoom,
  };
}
