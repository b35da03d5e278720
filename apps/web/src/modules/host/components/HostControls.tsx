import type { LanguageCode } from '@lt/contracts';
import { LanguageSelect } from '../../../components/LanguageSelect';
import { useId } from 'react';
import { useRoomT } from '../../../i18n/useRoomT';

interface HostControlsProps {
  language: LanguageCode | null;
  onLanguageChange: (code: LanguageCode) => void;
  active: boolean;
  recording: boolean;
  speechSupported: boolean;
  onToggleRoom: () => void;
  onToggleRecording: () => void;
  onEndRoom: () => void;
  enhance: boolean;
  onEnhanceChange: (enhance: boolean) => void;
}

export function HostControls(props: HostControlsProps) {
  const t = useRoomT();
  const enhanceId = useId();
  const { active, recording } = props;
  return (
    <section className="card controls-card" aria-labelledby="controls-title">
      <h2 id="controls-title">{t('host.controls')}</h2>
      <LanguageSelect
        label={t('host.inputLanguage')}
        placeholder={t('host.selectLanguage')}
        value={props.language}
        onChange={props.onLanguageChange}
        disabled={recording}
        testId="input-language"
      />
      <div className="checkbox-field">
        <input
          id={enhanceId}
          type="checkbox"
          checked={props.enhance}
          onChange={(event) => props.onEnhanceChange(event.target.checked)}
          data-testid="enhance-mode"
          aria-describedby={`${enhanceId}-hint`}
        />
        <label htmlFor={enhanceId}>{t('room.enhance')}</label>
        <p id={`${enhanceId}-hint`} className="field-hint">
          {t('room.enhanceHint')}
        </p>
      </div>
      <div className="control-buttons">
        <button
          type="button"
          className={active ? 'btn btn-secondary' : 'btn btn-primary'}
          data-testid="toggle-room"
          onClick={props.onToggleRoom}
        >
          {active ? t('host.stopRoom') : t('host.startRoom')}
        </button>
        <button
          type="button"
          className={recording ? 'btn btn-danger' : 'btn btn-primary'}
          data-testid="toggle-recording"
          disabled={!props.speechSupported}
          onClick={props.onToggleRecording}
        >
          {recording ? t('host.stopRecording') : t('host.startRecording')}
        </button>
      </div>
      {active && (
        <button type="button" className="btn btn-danger-outline btn-block" data-testid="end-room" onClick={props.onEndRoom}>
          {t('host.end')}
        </button>
      )}
    </section>
  );
}
