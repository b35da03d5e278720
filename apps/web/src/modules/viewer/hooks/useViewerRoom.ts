import { LiveErrorCode, type InterimFrame, type JoinedFrame, type LanguageCode, type ServerFrame, type TranslationFrame } from '@lt/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLatest } from '../../../lib/useLatest';
import { useAuth } from '../../auth/hooks/useAuth';
import { useLiveConnection, type LiveConnection } from '../../live/hooks/useLiveConnection';
import { TranslationFeed } from '../translation-feed';

export type ViewerRoomInfo = JoinedFrame['room'];

export interface ViewerRoom extends Pick<LiveConnection, 'status' | 'problem'> {
  room: ViewerRoomInfo | null;
  messages: readonly TranslationFrame[];
  interim: InterimFrame | null;
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
  /** The server says the room does not exist. */
  notFound: boolean;
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
  const feedRef = useRef<TranslationFeed>(null);
  if (!feedRef.current) feedRef.current = new TranslationFeed(lang);
  const historyUpToRef = useRef(0);
  const [messages, setMessages] = useState<readonly TranslationFrame[]>([]);
  const [room, setRoom] = useState<ViewerRoomInfo | null>(initialRoom);
  const [interim, setInterim] = useState<InterimFrame | null>(null);
  const [ttsAvailable, setTtsAvailable] = useState(false);
  const [quotaExhausted, setQuotaExhausted] = useState(false);
  const [hostConnected, setHostConnected] = useState<boolean | null>(null);
  const [lastActivityAt, setLastActivityAt] = useState<number | null>(null);
  const [joinedSeq, setJoinedSeq] = useState<number | null>(null);
  const [latestSeq, setLatestSeq] = useState(0);
  const langRef = useLatest(lang);
  const onNewRef = useLatest(onNewTranslation);
  const accessTokenRef = useLatest(useAuth().session?.access_token);

  const onFrame = (frame: ServerFrame) => {
    const feed = feedRef.current;
    if (!feed) return;
    switch (frame.type) {
      case 'joined':
        setRoom(frame.room);
        setTtsAvailable(frame.ttsAvailable === true);
        setQuotaExhausted(frame.quotaExhausted === true);
        if (frame.hostConnected !== undefined) setHostConnected(frame.hostConnected);
        setJoinedSeq((prev) => prev ?? frame.seq);
        setLatestSeq((prev) => Math.max(prev, frame.seq));
        historyUpToRef.current = Math.max(historyUpToRef.current, frame.seq);
        break;
      case 'translation': {
        const update = feed.accept(frame);
        if (update.resyncSince !== undefined) connection.send({ type: 'resync', since: update.resyncSince });
        if (!update.added) break;
        setMessages(feed.messages);
        setInterim(null);
        setLatestSeq((prev) => Math.max(prev, frame.seq));
        if (frame.seq > historyUpToRef.current) {
          setLastActivityAt(Date.now());
          // The host may switch language between recordings without restarting the room.
          setRoom((prev) =>
            prev && prev.sourceLanguage !== frame.sourceLanguage ? { ...prev, sourceLanguage: frame.sourceLanguage } : prev,
          );
          onNewRef.current?.(frame);
        }
        break;
      }
      case 'translation_revised':
        if (feed.revise(frame)) setMessages(feed.messages);
        break;
      case 'interim':
        setLastActivityAt(Date.now());
        if (langRef.current) setInterim(frame);
        break;
      case 'room_start':
        setRoom((prev) => ({
          name: prev?.name ?? '',
          status: 'active',
          sourceLanguage: frame.sourceLanguage ?? prev?.sourceLanguage ?? null,
        }));
        break;
      case 'room_end':
        setRoom((prev) => (prev ? { ...prev, status: 'ended' } : prev));
        setInterim(null);
        break;
      case 'host_status':
        setHostConnected(frame.connected);
        if (!frame.connected) setInterim(null);
        break;
      case 'quota_exhausted':
      case 'quota_restored':
        setQuotaExhausted(frame.type === 'quota_exhausted');
        break;
    }
  };

  const buildJoin = useCallback(() => {
    const since = feedRef.current?.lastContiguous;
    const current = langRef.current;
    const accessToken = accessTokenRef.current;
    return {
      type: 'join' as const,
      roomId,
      role: 'viewer' as const,
      ...(current ? { lang: current } : {}),
      ...(current && since !== undefined ? { since } : {}),
      ...(accessToken ? { accessToken } : {}),
    };
  }, [roomId, langRef, accessTokenRef]);

  const connection = useLiveConnection({ roomId, enabled: true, buildJoin, onFrame });
  const { send, status, problem } = connection;

  useEffect(() => {
    const feed = feedRef.current;
    if (!feed || feed.lang === lang) return;
    // What the server sends again in the new language is history, not something to read aloud.
    historyUpToRef.current = Math.max(historyUpToRef.current, feed.highestSeq ?? 0);
    feed.reset(lang);
    setMessages([]);
    setInterim(null);
    if (lang) send({ type: 'set_language', lang });
  }, [lang, send]);

  const notFound = (status === 'failed' && problem?.kind === 'rejected' && problem.code === LiveErrorCode.RoomNotFound);
  return {
    status,
    problem,
    room,
    messages,
    interim,
    live: status === 'connected' && room?.status === 'active',
    ended: room?.status === 'ended',
    ttsAvailable,
    quotaExhausted,
    hostConnected,
    lastActivityAt,
    joinedSeq,
    latestSeq,
    notFound,
  };
}
