import { defaultRoomName, findLanguage, isHostLanguageCode, type HostLanguageCode } from '@lt/contracts';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useRoomT, type RoomTranslate } from '../../../i18n/useRoomT';
import { errorCodeText, errorText } from '../../../lib/error-text';
import { useAuth } from '../../auth/hooks/useAuth';
import { LiveAnalyticsPanel } from '../../analytics/components/LiveAnalyticsPanel';
import { GlossaryButton } from '../../glossary/components/GlossaryButton';
import { RoomTranscriptButton } from '../../transcript/components/RoomTranscriptButton';
import { describeProblem } from '../../live/describe-problem';
import { HOST_SPEAKER, speakerKey } from '../../live/speaker-key';
import { useCreateRoom } from '../../rooms/hooks/useCreateRoom';
import { QuestionsPanel } from '../../questions/components/QuestionsPanel';
import { SpeakersPanel } from '../../speakers/components/SpeakersPanel';
import { useSpeakers } from '../../speakers/hooks/useSpeakers';
import { useSpeechCapture } from '../../speech/hooks/useSpeechCapture';
import { ProviderFailureAlert } from '../../audio/components/ProviderFailureAlert';
import { RecognitionSettings } from '../../audio/components/RecognitionSettings';
import { useRecognition } from '../../audio/hooks/useRecognition';
import { recognitionAlerts } from '../../audio/recognition-alerts';
import type { SpeechCaptureError } from '../../speech/speech-capture';
import { useHostRoom } from '../hooks/useHostRoom';
import type { TranscriptEntry } from '../transcript-log';
import { EndedRoom } from './EndedRoom';
import { HostControls } from './HostControls';
import { HostHeader } from './HostHeader';
import { ShareLinks } from './ShareLinks';
import { TranscriptLog } from './TranscriptLog';
import { FeedStatusLine } from '../../ingest/components/FeedStatusLine';
import { VenueFeedPanel } from '../../ingest/components/VenueFeedPanel';
import { useVenueFeed } from '../../ingest/hooks/useVenueFeed';
import { suggestedHostLanguage } from '../../viewer/language-search';

/** The host's own lines: sent from this page, or stored under a host connection's id. */
const isHostLine = (entry: TranscriptEntry) => !entry.speakerId || speakerKey(entry.speakerId) === HOST_SPEAKER;

function speechErrorText(error: SpeechCaptureError, t: RoomTranslate): string {
  switch (error.kind) {
    case 'microphone-denied':
      return t('host.micDenied');
    case 'not-supported':
      return t('host.speechUnsupported');
    case 'recognition':
      return t('host.recordingError', { message: t('speech.error', { code: error.code }) });
    case 'max-retries-reached':
      return t('host.recordingError', { message: t('speech.maxRetries') });
  }
}

export function HostRoom({ roomId, hostKey }: { roomId: string; hostKey: string | null }) {
  const t = useRoomT();
  const { user, session } = useAuth();
  const [params, setParams] = useSearchParams();
  const fromParam = params.get('from');
  const urlName = params.get('name')?.trim() || null;
  const [notice, setNotice] = useState<string | null>(null);
  const [interim, setInterim] = useState<string | null>(null);
  const [enhance, setEnhance] = useState(true);
  const createRoom = useCreateRoom();
  const speakers = useSpeakers(roomId, user !== null);

  const speech = useSpeechCapture({
    onFinal: (result) => {
      setInterim(null);
      if (language) host.sendFinal(result, language, enhance);
    },
    onInterim: (result) => {
      setInterim(result.text);
      if (language) host.sendInterim(result, language);
    },
  });
  const host = useHostRoom({
    roomId,
    hostKey,
    onRoomEnded: () => recognition.stop(),
    onSpeakerEvent: () => void speakers.refresh(),
  });
  const venue = useVenueFeed(roomId, hostKey, host.feed);
  const accessToken = session?.access_token;
  const recognition = useRecognition({
    roomId,
    serverRecognition: host.room.serverRecognition,
    speech,
    credentials: () => ({ role: 'host', ...(hostKey ? { hostKey } : {}), ...(accessToken ? { accessToken } : {}) }),
  });
  // With recognition on the server, this page's own lines come back from it as `interim` frames.
  const ownInterim = host.speakerInterim && speakerKey(host.speakerInterim.speakerId) === HOST_SPEAKER ? host.speakerInterim : null;
  // What the host picked wins over what the server had, also when picked before the room had joined; a host
  // link opened on another device has no `from`: the room's own language is the best guess then. A new room
  // starts on the browser's language, said to be a suggestion the host may change.
  const [chosen, setChosen] = useState<HostLanguageCode | null>(null);
  const [browserLanguage] = useState(() => suggestedHostLanguage(navigator.languages ?? []));
  const roomLanguage = host.room.sourceLanguage;
  const known: HostLanguageCode | null =
    chosen ?? (isHostLanguageCode(fromParam) ? fromParam : isHostLanguageCode(roomLanguage) ? roomLanguage : null);
  const language = known ?? browserLanguage;
  const name = host.room.name ?? urlName ?? defaultRoomName(roomId);
  // An ended room shows what it leaves, until the host opens it again.
  const ended = host.room.status === 'ended' && host.pending !== 'start';

  const setLanguage = (code: HostLanguageCode) => {
    setNotice(null);
    setChosen(code);
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('from', code);
        return next;
      },
      { replace: true },
    );
  };

  const startRoom = () => {
    setNotice(null);
    if (!language) setNotice(t('host.selectInputLanguageFirst'));
    else host.startRoom(language);
  };

  const toggleRecording = async () => {
    setNotice(null);
    if (recognition.recording) {
      recognition.stop();
      setInterim(null);
      return;
    }
    if (!recognition.supported) setNotice(t('host.speechUnsupported'));
    else if (!host.active) setNotice(t('host.startRoomFirst'));
    else if (!language) setNotice(t('host.selectLanguageFirst'));
    else if (host.status !== 'connected') setNotice(t('error.notConnected'));
    else await recognition.start(language, findLanguage(language)?.speechCode ?? language);
  };

  // Viewers are told at once that the session is over (pausing the microphone is Stop Recording); the page then
  // shows what the room leaves. Asked while the link is down, the end goes as soon as the page is joined again.
  const endRoom = () => {
    setNotice(null);
    recognition.stop();
    setInterim(null);
    host.endRoom();
  };

  const newRoom = () => {
    recognition.stop();
    setNotice(null);
    createRoom.mutate(name === defaultRoomName(roomId) ? undefined : name);
  };

  // "Not connected" is true only until the page is joined again.
  const notConnected = t('error.notConnected');
  useEffect(() => {
    if (host.status === 'connected') setNotice((shown) => (shown === notConnected ? null : shown));
  }, [host.status, notConnected]);

  const alerts = [
    notice,
    speech.error ? speechErrorText(speech.error, t) : null,
    ...recognitionAlerts(recognition, t),
    host.status === 'failed' && host.problem ? t('error.connectFailed', { message: describeProblem(host.problem, t) }) : null,
    host.serverErrorCode ? errorCodeText(host.serverErrorCode, t) : null,
    createRoom.isError ? errorText(createRoom.error, t) : null,
  ].filter((text): text is string => Boolean(text));

  return (
    <div className="room-page">
      <HostHeader
        name={name}
        status={host.status}
        active={host.active}
        ended={ended}
        recording={recognition.recording}
        microphone={recognition.microphone}
        creatingRoom={createRoom.isPending}
        onNewRoom={newRoom}
      />
      {!recognition.supported && (
        <p className="alert alert-warning" role="note">
          {t('host.speechUnsupported')}
        </p>
      )}
      {host.room.translationUnavailable && (
        <p className="alert alert-info" role="note" data-testid="translation-unavailable">
          {t('host.translationUnavailable')}
        </p>
      )}
      {host.room.quotaExhausted && (
        <p className="alert alert-warning" role="note" data-testid="quota-notice">
          {t('room.quota')}
        </p>
      )}
      <ProviderFailureAlert recognition={recognition} />
      {venue.feed && <FeedStatusLine feed={venue.feed} />}
      <div className="alerts" role="alert">
        {alerts.map((text) => (
          <p key={text} className="alert alert-error">
            {text}
          </p>
        ))}
      </div>
      {ended ? (
        <EndedRoom
          roomId={roomId}
          name={name}
          hostKey={hostKey}
          sourceLanguage={roomLanguage}
          onReopen={language ? startRoom : null}
          reopening={host.pending === 'start'}
        />
      ) : (
        <div className="room-grid">
          <div className="room-side">
            <HostControls
              language={language}
              onLanguageChange={setLanguage}
              languageSuggested={known === null && language !== null}
              active={host.active}
              connecting={host.status === 'connecting'}
              pending={host.pending}
              recording={recognition.recording}
              speechSupported={recognition.supported}
              recognitionSettings={<RecognitionSettings recognition={recognition} />}
              onStartRoom={startRoom}
              onToggleRecording={toggleRecording}
              onEndRoom={endRoom}
              enhance={enhance}
              onEnhanceChange={setEnhance}
              languageMissing={notice === t('host.selectInputLanguageFirst')}
              fastCaptions={host.room.fastCaptions}
              interimTokens={host.room.interimTokens}
              onFastCaptionsChange={(on) => {
                setNotice(null);
                if (!host.setFastCaptions(on)) setNotice(t('error.notConnected'));
              }}
            />
            <ShareLinks roomId={roomId} name={name} hostKey={hostKey} />
            <GlossaryButton roomId={roomId} hostKey={hostKey} roomName={name} sourceLanguage={roomLanguage ?? language} />
            <RoomTranscriptButton
              roomId={roomId}
              lang={null}
              hostKey={hostKey}
              className="btn btn-secondary btn-block room-transcript-open"
            />
            {user && <SpeakersPanel roomId={roomId} speakers={speakers} />}
            {venue.enabled && <VenueFeedPanel roomId={roomId} credential={venue.credential} />}
            <QuestionsPanel roomId={roomId} hostKey={hostKey} lang={roomLanguage ?? language ?? 'en'} />
            <LiveAnalyticsPanel roomId={roomId} hostKey={hostKey} live={host.active} />
          </div>
          <TranscriptLog
            entries={host.log}
            interim={interim ?? ownInterim?.text ?? null}
            isOwn={isHostLine}
            otherInterim={ownInterim ? null : host.speakerInterim}
            emptyText={recognition.recording ? t('host.transcriptRecording') : host.active ? t('host.transcriptLive') : undefined}
          />
        </div>
      )}
    </div>
  );
}
