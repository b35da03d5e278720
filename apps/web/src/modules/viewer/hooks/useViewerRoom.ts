import type { InterimFrame, JoinedFrame, LanguageCode, ServerFrame, TranslationFrame } from '@lt/contracts';
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
}

/** The viewer's side of a room: joins in its language, keeps translations in seq order, fills gaps. */
export function useViewerRoom({
  roomId,
  lang,
  onNewTranslation,
}: {
  roomId: string;
  lang: LanguageCode | null;
  /** Called for translations said after this viewer arrived, not for history. */
  onNewTranslation?: (frame: TranslationFrame) => void;
}): ViewerRoom {
  const feedRef = useRef<TranslationFeed>(null);
  if (!feedRef.current) feedRef.current = new TranslationFeed(lang);
  const historyUpToRef = useRef(0);
  const [messages, setMessages] = useState<readonly TranslationFrame[]>([]);
  const [room, setRoom] = useState<ViewerRoomInfo | null>(null);
  const [interim, setInterim] = useState<InterimFrame | null>(null);
  const langRef = useLatest(lang);
  const onNewRef = useLatest(onNewTranslation);
  const accessTokenRef = useLatest(useAuth().session?.access_token);

  const onFrame = (frame: ServerFrame) => {
    const feed = feedRef.current;
    if (!feed) return;
    switch (frame.type) {
      case 'joined':
        setRoom(frame.room);
        historyUpToRef.current = Math.max(historyUpToRef.current, frame.seq);
        break;
      case 'translation': {
        const update = feed.accept(frame);
        if (update.resyncSince !== undefined) connection.send({ type: 'resync', since: update.resyncSince });
        if (!update.added) break;
        setMessages(feed.messages);
        setInterim(null);
        if (frame.seq > historyUpToRef.current) {
          // The host may switch language between recordings without restarting the room.
          setRoom((prev) =>
            prev && prev.sourceLanguage !== frame.sourceLanguage ? { ...prev, sourceLanguage: frame.sourceLanguage } : prev,
          );
          onNewRef.current?.(frame);
        }
        break;
      }
      case 'interim':
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
  const { send } = connection;

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

  return {
    status: connection.status,
    problem: connection.problem,
    room,
    messages,
    interim,
    live: connection.status === 'connected' && room?.status === 'active',
  };
}
