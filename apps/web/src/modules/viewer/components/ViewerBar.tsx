import type { LanguageCode } from '@lt/contracts';
import type { ReactNode } from 'react';
import { Icon } from '../../../components/Icon';
import { useT } from '../../../i18n/useT';
import type { SummaryControls } from '../hooks/useSummaryControls';
import { LanguagePicker } from './LanguagePicker';
import type { ReadingSettings } from '../reading-settings';
import { ViewerSettings } from './ViewerSettings';

interface ViewerBarProps {
  lang: LanguageCode | null;
  onLang: (code: LanguageCode) => void;
  muted: boolean;
  onMuted: (muted: boolean) => void;
  summary: SummaryControls;
  reading: ReadingSettings;
  onReading: (change: Partial<ReadingSettings>) => void;
  /** The room transcript's button, when the page offers it. */
  transcript?: ReactNode;
  /** The audience questions' button, while the room takes questions. */
  questions?: ReactNode;
}

/** One compact row above the captions: language, sound, summary, transcript, settings. On a phone the buttons show icons only. */
export function ViewerBar({ lang, onLang, muted, onMuted, summary, reading, onReading, transcript, questions }: ViewerBarProps) {
  const t = useT();
  const busy = summary.pending === 'summary';
  return (
    <div className="viewer-bar card">
      <LanguagePicker value={lang} onChange={onLang} />
      <div className="viewer-bar-actions">
        <button
          type="button"
          className={muted ? 'btn btn-secondary btn-bar' : 'btn btn-primary btn-bar'}
          data-testid="mute-toggle"
          data-muted={muted}
          aria-pressed={!muted}
          onClick={() => onMuted(!muted)}
        >
          <Icon name={muted ? 'mute' : 'volume'} />
          <span className="bar-label">{muted ? t('viewer.unmute') : t('viewer.mute')}</span>
        </button>
        <button
          ref={summary.generateRef}
          type="button"
          className="btn btn-secondary btn-bar"
          data-testid="generate-summary"
          // Not `disabled` while busy: a disabled button drops the keyboard focus to the page.
          disabled={!lang}
          aria-disabled={summary.pending !== null}
          onClick={summary.generate}
        >
          {busy ? <span className="spinner spinner-sm" aria-hidden="true" /> : <Icon name="summary" />}
          <span className="bar-label">{busy ? t('viewer.summary.generating') : t('viewer.summary.generate')}</span>
        </button>
        {transcript}
        {questions}
        <ViewerSettings reading={reading} onReading={onReading} />
      </div>
    </div>
  );
}
