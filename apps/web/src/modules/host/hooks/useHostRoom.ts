import type { HostLanguageCode, InterimFrame, LanguageCode, RoomEventFrame, RoomStatus, ServerFrame } from '@lt/contracts';
import { useCallback, useMemo, useReducer, useRef, useState } from 'react';
import { useLatest } from '../../../lib/useLatest';
import { useAuth } from '../../auth/hooks/useAuth';
import { useLiveConnection, type LiveConnection } from '../../live/hooks/useLiveConnection';
import { Outbox } from '../../live/outbox';
import { transcriptFrame } from '../../live/transcript-frame';
import type { SpeechResult } from '../../speech/speech-capture';
import { initialTranscriptLog, transcriptLogReducer, type TranscriptEntry } from '../transcript-log';

export interface HostRoomInfo {
  name: string | null;
  status: RoomStatus | null;
  sourceLanguage: LanguageCode | null;
  translationUnavailable: boolean;
  quotaExhausted: boolean;
}

export interface HostRoom extends Pick<LiveConnection, 'status' | 'problem'> {
  room: HostRoomInfo;
  active: boolean;
  log: TranscriptEntry[];
  /** The latest provisional line of a co-host speaker. */
  speakerInterim: InterimFrame | null;
  serverError: string | null;
  sendFinal: (result: SpeechResult, language: HostLanguageCode, enhance: boolean) => void;
  sendInterim: (result: SpeechResult, language: HostLanguageCode) => void;
  startRoom: (language: HostLanguageCode) => boolean;
  endRoom: () => boolean;
}

/** Where "Start Room" cleared the log: lines up to this seq stay hidden, also after a reload of this tab. */
function floorKey(roomId: string): string {
  return `lt.logFloor.${roomId}`;
}

function readFloor(roomId: string): number {
  try {
    return Number(window.sessionStorage.getItem(floorKey(roomId))) || 0;
  } catch {
    return 0;
  }
}

function writeFloor(roomId: string, seq: number): void {
  try {
    window.sessionStorage.setItem(floorKey(roomId), String(seq));
  } catch {
    /* the log is only cleared for this page load */
  }
}

/** The host's side of a room: its live connection, the outbox of finals and the transcription log. */
export function useHostRoom({
  roomId,
  hostKey,
  onRoomEnded,
  onSpeakerEvent,
}: {
  roomId: string;
  /** null: the signed-in owner hosts with the session alone. */
  hostKey: string | null;
  onRoomEnded?: () => void;
  onSpeakerEvent?: (frame: RoomEventFrame) => void;
}): HostRoom {
  const outbox = useMemo(() => new Outbox(roomId), [roomId]);
  const [log, dispatch] = useReducer(transcriptLogReducer, outbox.list(), initialTranscriptLog);
  const [room, setRoom] = useState<HostRoomInfo>({
    name: null,
    status: null,
    sourceLanguage: null,
    translationUnavailable: false,
    quotaExhausted: false,
  });
  const [serverError, setServerError] = useState<string | null>(null);
  const [speakerInterim, setSpeakerInterim] = useState<InterimFrame | null>(null);
  const latestSeqRef = useRef(0);
  const floorRef = useRef<number | null>(null);
  floorRef.current ??= readFloor(roomId);
  const accessTokenRef = useLatest(useAuth().session?.access_token);

  const seen = (seq: number) => (latestSeqRef.current = Math.max(latestSeqRef.current, seq));

  const onFrame = (frame: ServerFrame) => {
    switch (frame.type) {
      case 'joined':
        setServerError(null);
        seen(frame.seq);
        setRoom({
          name: frame.room.name,
          status: frame.room.status,
          sourceLanguage: frame.room.sourceLanguage,
          translationUnavailable: frame.translationUnavailable === true,
          quotaExhausted: frame.quotaExhausted === true,
        });
        break;
      case 'room_start':
        setRoom((prev) => ({ ...prev, status: 'active', sourceLanguage: frame.sourceLanguage ?? prev.sourceLanguage }));
        floorRef.current = latestSeqRef.current;
        writeFloor(roomId, latestSeqRef.current);
        dispatch({ type: 'cleared' });
        break;
      case 'room_end':
        setRoom((prev) => ({ ...prev, status: 'ended' }));
        setSpeakerInterim(null);
        onRoomEnded?.();
        break;
      case 'ack':
        seen(frame.seq);
        dispatch({ type: 'acked', messageId: frame.messageId, seq: frame.seq });
        break;
      case 'transcript':
        seen(frame.seq);
        if (frame.seq > (floorRef.current ?? 0)) dispatch({ type: 'stored', frame });
        setSpeakerInterim((prev) => (prev?.speakerId === frame.speakerId ? null : prev));
        break;
      case 'interim':
        setSpeakerInterim(frame);
        break;
      case 'speaker_joined':
      case 'speaker_left':
        if (frame.type === 'speaker_left') setSpeakerInterim((prev) => (prev?.speakerId === frame.speakerId ? null : prev));
        onSpeakerEvent?.(frame);
        break;
      case 'quota_exhausted':
      case 'quota_restored':
        setRoom((prev) => ({ ...prev, quotaExhausted: frame.type === 'quota_exhausted' }));
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
    (result: SpeechResult, language: HostLanguageCode, enhance: boolean) => {
      const frame = transcriptFrame(result, language, true, enhance);
      dispatch({ type: 'sent', frame });
      sendTranscript(frame);
    },
    [sendTranscript],
  );

  const sendInterim = useCallback(
    (result: SpeechResult, language: HostLanguageCode) => void sendTranscript(transcriptFrame(result, language, false, false)),
    [sendTranscript],
  );

  const startRoom = useCallback((language: HostLanguageCode) => send({ type: 'room_start', sourceLanguage: language }), [send]);

  const endRoom = useCallback(() => send({ type: 'room_end' }), [send]);

  return {
    status: live.status,
    problem: live.problem,
    room,
    active: room.status === 'active',
    log,
    speakerInterim,
    serverError,
    sendFinal,
    sendInterim,
    startRoom,
    endRoom,
  };
}
