import { isLanguageCode, type LanguageCode } from '@lt/contracts';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Icon } from '../../../components/Icon';
import { useT } from '../../../i18n/useT';
import { describeProblem } from '../../live/describe-problem';
import { RoomTranscriptButton } from '../../transcript/components/RoomTranscriptButton';
import { catchUpOffer, readLastSeen, writeLastSeen } from '../catch-up';
import { useReadAloud } from '../hooks/useReadAloud';
import { useViewerRoom, type ViewerRoomInfo } from '../hooks/useViewerRoom';
import { LanguagePicker } from './LanguagePicker';
import { MessageList } from './MessageList';
import { RoomNotFound } from './RoomNotFound';
import { SummaryPanel } from './SummaryPanel';
import { ViewerHeader } from './ViewerHeader';

export function ViewerRoom({ roomId, initialRoom = null }: { roomId: string; initialRoom?: ViewerRoomInfo | null }) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const langParam = params.get('lang');
  const lang: LanguageCode | null = isLanguageCode(langParam) ? langParam : null;
  const [muted, setMuted] = useState(true);
  // What this browser had seen of the room before this visit, read once: the page keeps it up to date below.
  const [previousSeen] = useState(() => readLastSeen(roomId));
  const [caughtUp, setCaughtUp] = useState(false);
  const [serverAudio, setServerAudio] = useState(false);

  const readAloud = useReadAloud({ roomId, enabled: !muted, serverAudio });
  const viewer = useViewerRoom({ roomId, lang, initialRoom, onNewTranslation: readAloud });

  useEffect(() => setServerAudio(viewer.ttsAvailable && !viewer.quotaExhausted), [viewer.ttsAvailable, viewer.quotaExhausted]);
  useEffect(() => writeLastSeen(roomId, viewer.latestSeq), [roomId, viewer.latestSeq]);

  if (viewer.notFound) return <RoomNotFound />;

  const setLang = (code: LanguageCode) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('lang', code);
        return next;
      },
      { replace: true },
    );

  const name = params.get('name')?.trim() || viewer.room?.name || null;
  const offer = caughtUp ? null : catchUpOffer(previousSeen, viewer.joinedSeq);
  // A deleted room closes the socket for good after room_end: the page shows the end, not a failure.
  const showFailure = viewer.status === 'failed' && viewer.problem && !viewer.ended;

  return (
    <div className="room-page viewer-page">
      <ViewerHeader viewer={viewer} name={name} />
      {showFailure && viewer.problem && (
        <p className="alert alert-error" role="alert">
          {t('error.connectFailed', { message: describeProblem(viewer.problem, t) })}
        </p>
      )}
      {viewer.ended && (
        <p className="alert alert-info" role="note" data-testid="session-ended">
          {t('viewer.ended')}
        </p>
      )}
      {viewer.quotaExhausted && (
        <p className="alert alert-warning" role="note" data-testid="quota-notice">
          {t('viewer.quota')}
        </p>
      )}
      <div className="viewer-toolbar card">
        <LanguagePicker value={lang} onChange={setLang} />
        <button
          type="button"
          className={muted ? 'btn btn-secondary' : 'btn btn-primary'}
          data-testid="mute-toggle"
          data-muted={muted}
          aria-pressed={!muted}
          onClick={() => setMuted((value) => !value)}
        >
          <Icon name={muted ? 'mute' : 'volume'} />
          {muted ? t('viewer.unmute') : t('viewer.mute')}
        </button>
        <RoomTranscriptButton roomId={roomId} lang={lang} />
      </div>
      <SummaryPanel
        roomId={roomId}
        lang={lang}
        hasMessages={viewer.messages.length > 0}
        offer={offer}
        onCatchUpDone={() => setCaughtUp(true)}
      />
      <MessageList
        messages={viewer.messages}
        interim={viewer.interim}
        hasLanguage={lang !== null}
        showSpeakers={viewer.severalSpeakers}
      />
    </div>
  );
}
