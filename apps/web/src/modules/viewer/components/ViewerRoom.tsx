import { findLanguage, isLanguageCode, type LanguageCode, type TranslationFrame } from '@lt/contracts';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Icon } from '../../../components/Icon';
import { LanguageSelect } from '../../../components/LanguageSelect';
import { useT } from '../../../i18n/useT';
import { describeProblem } from '../../live/describe-problem';
import { useViewerRoom } from '../hooks/useViewerRoom';
import { readAloud, stopReadingAloud } from '../read-aloud';
import { MessageList } from './MessageList';

export function ViewerRoom({ roomId }: { roomId: string }) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const langParam = params.get('lang');
  const lang: LanguageCode | null = isLanguageCode(langParam) ? langParam : null;
  const [muted, setMuted] = useState(true);

  const speak = (frame: TranslationFrame) => {
    if (muted || frame.fallback === 'original') return;
    readAloud(frame.text, findLanguage(frame.lang)?.voice ?? frame.lang);
  };
  const viewer = useViewerRoom({ roomId, lang, onNewTranslation: speak });

  useEffect(() => {
    if (muted) stopReadingAloud();
  }, [muted]);
  useEffect(() => () => stopReadingAloud(), []);

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
  const hostLanguage = findLanguage(viewer.room?.sourceLanguage);
  const statusKey = viewer.live
    ? 'viewer.status.live'
    : viewer.status === 'connected'
      ? 'viewer.status.waiting'
      : 'viewer.status.connecting';
  const tone = viewer.live ? 'success' : viewer.status === 'connected' ? 'warning' : 'muted';

  return (
    <div className="room-page viewer-page">
      <header className="room-header">
        <div className="room-title">
          <p className="eyebrow">{t('viewer.page')}</p>
          <h1>{name ?? t('app.name')}</h1>
          <div className="badges">
            <span className={`badge badge-${tone}`} role="status" data-testid="viewer-status" data-live={viewer.live}>
              <span className={viewer.live ? 'dot dot-pulse' : 'dot'} aria-hidden="true" />
              {t(statusKey)}
            </span>
            <span className="badge badge-outline">
              {t('viewer.hostLanguage')}:{' '}
              <strong data-testid="host-language">{hostLanguage?.name ?? t('viewer.hostLanguageUnknown')}</strong>
            </span>
          </div>
        </div>
      </header>
      {viewer.status === 'failed' && viewer.problem && (
        <p className="alert alert-error" role="alert">
          {t('error.connectFailed', { message: describeProblem(viewer.problem, t) })}
        </p>
      )}
      <div className="viewer-toolbar card">
        <LanguageSelect
          label={t('viewer.language')}
          placeholder={t('viewer.selectLanguage')}
          value={lang}
          onChange={setLang}
          testId="viewer-language"
        />
        <button
          type="button"
          className={muted ? 'btn btn-secondary' : 'btn btn-primary'}
          data-testid="mute-toggle"
          data-muted={muted}
          onClick={() => setMuted((value) => !value)}
        >
          <Icon name={muted ? 'mute' : 'volume'} />
          {muted ? t('viewer.unmute') : t('viewer.mute')}
        </button>
      </div>
      <MessageList messages={viewer.messages} interim={viewer.interim} hasLanguage={lang !== null} />
    </div>
  );
}
