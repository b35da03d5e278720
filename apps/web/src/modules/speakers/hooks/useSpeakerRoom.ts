import {
  CLOSE_CODES,
  type InterimFrame,
  type HostLanguageCode,
  type RoomStatus,
  type ServerFrame,
  type ServerRecognition,
} from '@lt/contracts';
import { useCallback, useMemo, useReducer } from 'react';
import { useLiveConnection, type LiveConnection } from '../../live/hooks/useLiveConnection';
import { Outbox } from '../../live/outbox';
import { transcriptFrame } from '../../live/transcript-frame';
import { routeQuestionFrame } from '../../questions/question-frames';
import type { TranscriptEntry } from '../../host/transcript-log';
import { useEffectQueue } from '../../live/room-effects';
import type { SpeechResult } from '../../speech/speech-capture';
import { initialSpeakerState, speakerRoomReducer, type SpeakerEffect } from '../speaker-room-state';

export interface SpeakerRoom extends Pick<LiveConnection, 'status' | 'problem'> {
  roomStatus: RoomStatus | null;
  speakerId: string | null;
  hostConnected: boolean | null;
  removed: boolean;
  log: TranscriptEntry[];
  otherInterim: InterimFrame | null;
  serverErrorCode: string | null;
  serverRecognition: ServerRecognition | null;
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
  const [state, dispatch] = useReducer(speakerRoomReducer, outbox.list(), initialSpeakerState);
  const { removed } = state;

  const onFrame = (frame: ServerFrame) => {
    dispatch({ type: 'frame', frame, at: Date.now() });
    routeQuestionFrame(roomId, frame);
  };

  useEffectQueue<SpeakerEffect>(state.effects, () => onRoomEnded(), dispatch);

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
    roomStatus: state.roomStatus,
    speakerId,
    hostConnected: state.hostConnected,
    removed: removed || closedForGood,
    log: state.log,
    otherInterim: state.otherInterim,
    serverErrorCode: state.serverErrorCode,
    serverRecognition: state.serverRecognition,
    sendFinal,
    sendInterim,
  };
}
