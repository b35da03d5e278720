import { findLanguage, type HostLanguageCode, type SpeakerAccessResponse } from '@lt/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useRoomT } from '../../../i18n/useRoomT';
import { errorCodeText } from '../../../lib/error-text';
import { describeProblem } from '../../live/describe-problem';
import { TranscriptLog } from '../../host/components/TranscriptLog';
import { useSpeechCapture } from '../../speech/hooks/useSpeechCapture';
import { ProviderFailureAlert } from '../../audio/components/ProviderFailureAlert';
import { RecognitionSettings } from '../../audio/components/RecognitionSettings';
import { useRecognition } from '../../audio/hooks/useRecognition';
import { recognitionAlerts } from '../../audio/recognition-alerts';
import { leaveAsSpeaker } from '../api/speakers.api';
import { SpeakerQuestions } from '../../questions/components/SpeakerQuestions';
import { useSpeakerRoom } from '../hooks/useSpeakerRoom';
import { SpeakerNotice } from './SpeakerNotice';

interface SpeakerLiveProps {
  roomId: string;
  token: string;
  access: SpeakerAccessResponse;
  lang: HostLanguageCode;
}

export function SpeakerLive({ roomId, token, access, lang }: SpeakerLiveProps) {
  const t = useRoomT();
  const navigate = useNavigate();
  const [notice, setNotice] = useState<string | null>(null);
  const [interim, setInterim] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const speakerId = access.speaker.id;

  const speech = useSpeechCapture({
    onFinal: (result) => {
      setInterim(null);
      room.sendFinal(result);
    },
    onInterim: (result) => {
      setInterim(result.text);
      room.sendInterim(result);
    },
  });
  const room = useSpeakerRoom({
    roomId,
    token,
    lang,
    speakerId,
    onRoomEnded: () => {
      recognition.stop();
      setInterim(null);
    },
  });
  const recognition = useRecognition({
    roomId,
    serverRecognition: room.serverRecognition,
    speech,
    credentials: () => ({ role: 'speaker', inviteToken: token }),
  });
  // With recognition on the server, this page's own lines come back from it as `interim` frames.
  const ownInterim = room.otherInterim?.speakerId === speakerId ? room.otherInterim : null;

  if (room.removed) return <SpeakerNotice title={t('speak.removed.title')} body={t('speak.removed.body')} testId="speaker-removed" />;

  const active = room.roomStatus === 'active';
  const language = findLanguage(lang);

  const toggle = async () => {
    setNotice(null);
    if (recognition.recording) {
      recognition.stop();
      setInterim(null);
      return;
    }
    if (!recognition.supported) setNotice(t('host.speechUnsupported'));
    else if (!active) setNotice(t('speak.roomNotActive'));
    else if (room.status !== 'connected') setNotice(t('error.notConnected'));
    else await recognition.start(lang, language?.speechCode ?? lang);
  };

  const leave = async () => {
    recognition.stop();
    setLeaving(true);
    try {
      await leaveAsSpeaker(roomId, token);
    } catch (error) {
      // Leaving goes on regardless: closing the socket marks the speaker inactive as well.
      console.warn('Leaving the room failed', error);
    }
    navigate('/');
  };

  const alerts = [
    notice,
    speech.error?.kind === 'microphone-denied' ? t('host.micDenied') : null,
    speech.error?.kind === 'recognition' ? t('host.recordingError', { message: t('speech.error', { code: speech.error.code }) }) : null,
    speech.error?.kind === 'max-retries-reached' ? t('host.recordingError', { message: t('speech.maxRetries') }) : null,
    room.status === 'failed' && room.problem ? t('error.connectFailed', { message: describeProblem(room.problem, t) }) : null,
    room.serverErrorCode ? errorCodeText(room.serverErrorCode, t) : null,
    ...recognitionAlerts(recognition, t),
  ].filter((text): text is string => Boolean(text));

  return (
    <div className="room-page speaker-page">
      <header className="room-header">
        <div className="room-title">
          <p className="eyebrow">{t('speak.page')}</p>
          <h1>{access.room.name}</h1>
          <div className="badges">
            <span
              className={`badge badge-${room.status === 'connected' ? 'success' : 'warning'}`}
              role="status"
              data-testid="connection-status"
              data-status={room.status}
            >
              <span className="dot" aria-hidden="true" />
              {t(`status.${room.status}`)}
            </span>
            <span className={`badge badge-${active ? 'success' : 'muted'}`} data-testid="room-status-badge" data-active={active}>
              {active ? t('host.active') : t('host.inactive')}
            </span>
            <span
              className={`badge badge-${recognition.recording ? 'danger' : 'muted'}`}
              data-testid="recording-badge"
              data-recording={recognition.recording}
            >
              {recognition.recording && <span className="dot dot-pulse" aria-hidden="true" />}
              {recognition.recording ? t('host.recording') : t('host.notRecording')}
            </span>
            <span className="badge badge-outline">
              {t('speak.language')}:{' '}
              <strong data-testid="speaker-language-display" lang={lang} dir={language?.dir}>
                {language?.name ?? lang}
              </strong>
            </span>
          </div>
        </div>
        <div className="actions">
          <button type="button" className="btn btn-secondary" data-testid="leave-room" disabled={leaving} onClick={leave}>
            {t('speak.leave')}
          </button>
        </div>
      </header>
      {room.roomStatus === 'ended' && (
        <p className="alert alert-info" role="note" data-testid="speaker-room-ended">
          {t('speak.roomEnded')}
        </p>
      )}
      {room.hostConnected === false && room.roomStatus !== 'ended' && (
        <p className="alert alert-info" role="note">
          {t('speak.hostAway')}
        </p>
      )}
      <ProviderFailureAlert recognition={recognition} />
      <div className="alerts" role="alert">
        {alerts.map((text) => (
          <p key={text} className="alert alert-error">
            {text}
          </p>
        ))}
      </div>
      <div className="room-grid">
        <div className="room-side">
          <section className="card controls-card">
            <RecognitionSettings recognition={recognition} />
            <button
              type="button"
              className={recognition.recording ? 'btn btn-danger btn-block btn-lg' : 'btn btn-primary btn-block btn-lg'}
              data-testid="toggle-speaking"
              disabled={!recognition.supported}
              onClick={toggle}
            >
              {recognition.recording ? t('speak.stop') : t('speak.start')}
            </button>
          </section>
        </div>
        <TranscriptLog
          entries={room.log}
          interim={interim ?? ownInterim?.text ?? null}
          isOwn={(entry) => !entry.speakerId || entry.speakerId === speakerId}
          otherInterim={ownInterim ? null : room.otherInterim}
          title={t('speak.transcript')}
          emptyText={t('speak.transcriptEmpty')}
        />
        <SpeakerQuestions roomId={roomId} lang={access.room.source_language ?? lang} />
      </div>
    </div>
  );
}
