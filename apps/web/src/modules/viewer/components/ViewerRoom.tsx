import { isLanguageCode, type LanguageCode } from '@lt/contracts';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useT } from '../../../i18n/useT';
import { describeProblem } from '../../live/describe-problem';
import { ViewerQuestionsButton } from '../../questions/components/ViewerQuestionsButton';
import { RoomTranscriptButton } from '../../transcript/components/RoomTranscriptButton';
import { catchUpOffer, readLastSeen, writeLastSeen } from '../catch-up';
import { useCaptionDelay } from '../hooks/useCaptionDelay';
import { useReadAloud } from '../hooks/useReadAloud';
import { usePageTheme, useReadingSettings } from '../hooks/useReadingSettings';
import { lastLines } from '../reading-settings';
import { useSummaryControls } from '../hooks/useSummaryControls';
import { useViewerRoom, type ViewerRoomInfo } from '../hooks/useViewerRoom';
import { CatchUpOffer } from './CatchUpOffer';
import { ConnectionNotice } from './ConnectionNotice';
import { MessageList } from './MessageList';
import { RoomNotFound } from './RoomNotFound';
import { SummarySheet } from './SummarySheet';
import { ViewerBar } from './ViewerBar';
import { ViewerHeader } from './ViewerHeader';

/** A class on <html> while the viewer page is shown: the page then fits the screen, captions taking the rest. */
const PAGE_CLASS = 'viewer-mode';

function useViewerLayout(): void {
  useEffect(() => {
    document.documentElement.classList.add(PAGE_CLASS);
    return () => document.documentElement.classList.remove(PAGE_CLASS);
  }, []);
}

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
  const [reading, setReading] = useReadingSettings('viewer');
  useViewerLayout();
  usePageTheme(reading.theme);

  const readAloud = useReadAloud({ roomId, enabled: !muted, serverAudio });
  const delay = useCaptionDelay();
  const viewer = useViewerRoom({
    roomId,
    lang,
    initialRoom,
    onNewTranslation: (frame) => {
      delay.record(frame);
      readAloud(frame);
    },
  });

  useEffect(() => setServerAudio(viewer.ttsAvailable && !viewer.quotaExhausted), [viewer.ttsAvailable, viewer.quotaExhausted]);
  useEffect(() => writeLastSeen(roomId, viewer.latestSeq), [roomId, viewer.latestSeq]);

  const offer = caughtUp ? null : catchUpOffer(previousSeen, viewer.joinedSeq);
  const summary = useSummaryControls({
    ask: viewer.askSummary,
    lang,
    hasMessages: viewer.messages.length > 0,
    offer,
    onCatchUpDone: () => setCaughtUp(true),
  });

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
  // A deleted room closes the socket for good after room_end: the page shows the end, not a failure.
  const showFailure = viewer.status === 'failed' && viewer.problem && !viewer.ended;

  return (
    <div className="room-page viewer-page" data-caption-size={reading.size}>
      <ViewerHeader viewer={viewer} name={name} delayMs={delay.ms(viewer.clockOffset())} />
      {showFailure && viewer.problem && (
        <p className="alert alert-error" role="alert">
          {t('error.connectFailed', { message: describeProblem(viewer.problem, t) })}
        </p>
      )}
      <ConnectionNotice status={viewer.status} ended={viewer.ended} />
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
      <ViewerBar
        lang={lang}
        onLang={setLang}
        muted={muted}
        onMuted={setMuted}
        summary={summary}
        reading={reading}
        onReading={setReading}
        transcript={<RoomTranscriptButton roomId={roomId} lang={lang} className="btn btn-secondary btn-bar" labelClassName="bar-label" />}
        questions={<ViewerQuestionsButton roomId={roomId} lang={lang} />}
      />
      {offer && lang && <CatchUpOffer offer={offer} controls={summary} />}
      <MessageList
        // Laid out anew when the reading settings change, so the newest line is in view in its new size.
        key={`${reading.size}:${reading.lines}`}
        messages={lastLines(viewer.messages, reading.lines)}
        interim={viewer.interim}
        provisional={viewer.provisional}
        hasLanguage={lang !== null}
        showSpeakers={viewer.severalSpeakers}
        historyLoading={lang !== null && (viewer.joinedSeq ?? 0) > 0 && viewer.messages.length === 0}
      />
      {summary.open && <SummarySheet controls={summary} />}
    </div>
  );
}
