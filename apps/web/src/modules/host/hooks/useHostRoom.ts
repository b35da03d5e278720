import type { ClientFrame, FeedStatus, HostLanguageCode, InterimFrame, RoomEventFrame, ServerFrame } from '@lt/contracts';
import { useCallback, useMemo, useReducer } from 'react';
import { useLatest } from '../../../lib/useLatest';
import { useAuth } from '../../auth/hooks/useAuth';
import { useLiveConnection, type LiveConnection } from '../../live/hooks/useLiveConnection';
import { Outbox } from '../../live/outbox';
import { useEffectQueue } from '../../live/room-effects';
import { routeQuestionFrame } from '../../questions/question-frames';
import { transcriptFrame } from '../../live/transcript-frame';
import type { SpeechResult } from '../../speech/speech-capture';
import { hostRoomReducer, initialHostState, type HostAction, type HostEffect, type HostRoomInfo } from '../host-room-state';
import type { TranscriptEntry } from '../transcript-log';

export type { HostRoomInfo };

export interface HostRoom extends Pick<LiveConnection, 'status' | 'problem'> {
  room: HostRoomInfo;
  active: boolean;
  log: TranscriptEntry[];
  /** The latest provisional line of a co-host speaker. */
  speakerInterim: InterimFrame | null;
  serverErrorCode: string | null;
  feed: FeedStatus | null;
  sendFinal: (result: SpeechResult, language: HostLanguageCode, enhance: boolean) => void;
  sendInterim: (result: SpeechResult, language: HostLanguageCode) => void;
  /** Start Room or End Room asked and not answered yet: it goes (again) as soon as the page is joined. */
  pending: HostAction['kind'] | null;
  startRoom: (language: HostLanguageCode) => void;
  endRoom: () => void;
  /** Turns the room's Fast captions on or off (false when not connected). */
  setFastCaptions: (on: boolean) => boolean;
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
  const [state, dispatch] = useReducer(hostRoomReducer, { pending: outbox.list(), floor: readFloor(roomId) }, initialHostState);
  const accessTokenRef = useLatest(useAuth().session?.access_token);

  const sendRef = useLatest((frame: ClientFrame) => live.send(frame));
  const sendAction = useCallback(
    (action: HostAction) =>
      sendRef.current(action.kind === 'start' ? { type: 'room_start', sourceLanguage: action.sourceLanguage } : { type: 'room_end' }),
    [sendRef],
  );

  const onFrame = (frame: ServerFrame) => {
    routeQuestionFrame(roomId, frame);
    dispatch({ type: 'frame', frame, at: Date.now() });
  };

  useEffectQueue<HostEffect>(
    state.effects,
    (effect) => {
      if (effect.kind === 'floor') writeFloor(roomId, effect.seq);
      else if (effect.kind === 'ended') onRoomEnded?.();
      else if (effect.kind === 'resend') sendAction(effect.action);
      else onSpeakerEvent?.(effect.frame);
    },
    dispatch,
  );

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

  // Not sent now (not joined yet, or the socket is being replaced), it goes when the page joins; a slow link's
  // answer is waited for, whatever its delay.
  const request = useCallback(
    (action: HostAction) => {
      dispatch({ type: 'requested', action });
      sendAction(action);
    },
    [sendAction],
  );
  const startRoom = useCallback((language: HostLanguageCode) => request({ kind: 'start', sourceLanguage: language }), [request]);
  const endRoom = useCallback(() => request({ kind: 'end' }), [request]);

  // Shown at once; the room's event confirms it (and tells the room's other host pages).
  const setFastCaptions = useCallback(
    (on: boolean) => {
      if (!send({ type: 'room_settings', fastCaptions: on })) return false;
      dispatch({ type: 'frame', frame: { type: 'room_settings', roomId, fastCaptions: on }, at: Date.now() });
      return true;
    },
    [send, roomId],
  );

  return {
    status: live.status,
    problem: live.problem,
    room: state.room,
    active: state.room.status === 'active',
    log: state.log,
    speakerInterim: state.speakerInterim,
    serverErrorCode: state.serverErrorCode,
    pending: state.pending?.kind ?? null,
    feed: state.feed,
    sendFinal,
    sendInterim,
    startRoom,
    endRoom,
    setFastCaptions,
  };
}
