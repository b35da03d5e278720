import {
  LiveErrorCode,
  type InterimFrame,
  type LanguageCode,
  type ServerFrame,
  type SummaryBody,
  type SummaryResponse,
  type TranslationFrame,
} from '@lt/contracts';
import { useCallback, useEffect, useMemo, useReducer } from 'react';
import { clientId } from '../../../lib/client-id';
import { useLatest } from '../../../lib/useLatest';
import { useAuth } from '../../auth/hooks/useAuth';
import { useLiveConnection, type LiveConnection } from '../../live/hooks/useLiveConnection';
import { useEffectQueue } from '../../live/room-effects';
import type { ProvisionalState } from '../provisional-lines';
import { routeQuestionFrame } from '../../questions/question-frames';
import { requestSummary } from '../api/viewer.api';
import { SocketSummaries } from '../socket-summaries';
import { initialViewerState, viewerRoomReducer, type CurrentSpeaker, type ViewerEffect, type ViewerRoomInfo } from '../viewer-room-state';

export type { CurrentSpeaker, ViewerRoomInfo };

export interface ViewerRoom extends Pick<LiveConnection, 'status' | 'problem' | 'clockOffset'> {
  room: ViewerRoomInfo | null;
  messages: readonly TranslationFrame[];
  interim: InterimFrame | null;
  /** Fast captions: lines on their way in the viewer's language, after the last final one. */
  provisional: ProvisionalState;
  live: boolean;
  ended: boolean;
  /** The server reads messages aloud; otherwise the browser's voice does. */
  ttsAvailable: boolean;
  quotaExhausted: boolean;
  /** null until the server said. */
  hostConnected: boolean | null;
  /** When someone last spoke (an interim line or a new sentence), as Date.now(). */
  lastActivityAt: number | null;
  /** The room's latest seq when this page first joined: what was said before it arrived. */
  joinedSeq: number | null;
  /** The latest seq this page knows of, in any language. */
  latestSeq: number;
  /** Who spoke last, and in which language. */
  speaker: CurrentSpeaker | null;
  /** More than one person has spoken in the room: lines say whose they are. */
  severalSpeakers: boolean;
  /** The server says the room does not exist. */
  notFound: boolean;
  /** A summary (or catch-up), asked on the socket; over HTTP while the socket is not joined. */
  askSummary: (body: SummaryBody) => Promise<SummaryResponse>;
}

/** The viewer's side of a room: joins in its language, keeps translations in seq order, fills gaps. */
export function useViewerRoom({
  roomId,
  lang,
  initialRoom = null,
  onNewTranslation,
}: {
  roomId: string;
  lang: LanguageCode | null;
  /** What the page already knows (GET /api/view/:roomId), shown until the socket joins. */
  initialRoom?: ViewerRoomInfo | null;
  /** Called for translations said after this viewer arrived, not for history. */
  onNewTranslation?: (frame: TranslationFrame) => void;
}): ViewerRoom {
  const [state, dispatch] = useReducer(viewerRoomReducer, { lang, room: initialRoom }, initialViewerState);
  const stateRef = useLatest(state);
  const accessTokenRef = useLatest(useAuth().session?.access_token);

  const onFrame = (frame: ServerFrame) => {
    // Made right after the connection below; a frame only comes once both are there.
    if (summaries.receive(frame)) return;
    routeQuestionFrame(roomId, frame);
    dispatch({ type: 'frame', frame, at: Date.now() });
  };

  const buildJoin = useCallback(() => {
    const { lang: current, contiguous: since } = stateRef.current.feed;
    const accessToken = accessTokenRef.current;
    return {
      type: 'join' as const,
      roomId,
      role: 'viewer' as const,
      viewerId: clientId(),
      ...(current ? { lang: current } : {}),
      ...(current && since !== undefined ? { since } : {}),
      ...(accessToken ? { accessToken } : {}),
    };
  }, [roomId, stateRef, accessTokenRef]);

  const { send, status, problem, clockOffset } = useLiveConnection({ roomId, enabled: true, buildJoin, onFrame });
  const summaries = useMemo(() => new SocketSummaries(send), [send]);
  useEffect(() => {
    if (status !== 'connected') summaries.failAll();
  }, [status, summaries]);
  const askSummary = useCallback((body: SummaryBody) => summaries.ask(body) ?? requestSummary(roomId, body), [summaries, roomId]);

  useEffectQueue<ViewerEffect>(
    state.effects,
    (effect) => {
      if (effect.kind === 'resync') send({ type: 'resync', since: effect.since });
      else onNewTranslation?.(effect.frame);
    },
    dispatch,
  );

  useEffect(() => {
    if (stateRef.current.feed.lang === lang) return;
    dispatch({ type: 'language_changed', lang });
    if (lang) send({ type: 'set_language', lang });
  }, [lang, send, stateRef]);

  const { room } = state;
  const notFound = status === 'failed' && problem?.kind === 'rejected' && problem.code === LiveErrorCode.RoomNotFound;
  return {
    status,
    problem,
    clockOffset,
    room,
    messages: state.feed.messages,
    interim: state.interim,
    provisional: state.provisional,
    live: status === 'connected' && room?.status === 'active',
    ended: room?.status === 'ended',
    ttsAvailable: state.ttsAvailable,
    quotaExhausted: state.quotaExhausted,
    hostConnected: state.hostConnected,
    lastActivityAt: state.lastActivityAt,
    joinedSeq: state.joinedSeq,
    latestSeq: state.latestSeq,
    speaker: state.speaker,
    severalSpeakers: state.speakers.length > 1,
    notFound,
    askSummary,
  };
}
