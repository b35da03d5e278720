import type { HostLanguageCode } from '@lt/contracts';
import { LanguageSelect } from '../../../components/LanguageSelect';
import { useId, type ReactNode } from 'react';
import { useRoomT } from '../../../i18n/useRoomT';
import { FastCaptionsSwitch } from './FastCaptionsSwitch';

interface HostControlsProps {
  language: HostLanguageCode | null;
  onLanguageChange: (code: HostLanguageCode) => void;
  active: boolean;
  /** The page has not joined the room yet for the first time. */
  connecting: boolean;
  /** Start Room or End Room was asked and the server has not answered yet. */
  pending: 'start' | 'end' | null;
  recording: boolean;
  speechSupported: boolean;
  onToggleRoom: () => void;
  onToggleRecording: () => void;
  onEndRoom: () => void;
  enhance: boolean;
  onEnhanceChange: (enhance: boolean) => void;
  fastCaptions: boolean;
  interimTokens: number | null;
  onFastCaptionsChange: (on: boolean) => void;
  /** Where speech is recognised, the microphone and its level. */
  recognitionSettings?: ReactNode;
}

export function HostControls(props: HostControlsProps) {
  const t = useRoomT();
  const enhanceId = useId();
  const { active, recording } = props;
  const starting = props.pending === 'start';
  const busy = props.connecting || starting;
  const stopping = props.pending === 'end';
  const recordingButton = (
    <button
      type="button"
      className={`${recording ? 'btn btn-danger' : 'btn btn-primary'}${active ? ' btn-block' : ''}`}
      data-testid="toggle-recording"
      disabled={!props.speechSupported}
      onClick={props.onToggleRecording}
    >
      {recording ? t('host.stopRecording') : t('host.startRecording')}
    </button>
  );
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
      {props.recognitionSettings}
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
      <FastCaptionsSwitch
        on={props.fastCaptions}
        tokens={props.interimTokens}
        disabled={props.connecting}
        onChange={props.onFastCaptionsChange}
      />
      {active ? (
        <>
          {recordingButton}
          <div className="control-danger">
            <button
              type="button"
              className="btn btn-danger-outline btn-block"
              data-testid="toggle-room"
              disabled={stopping}
              aria-busy={stopping}
              onClick={props.onToggleRoom}
            >
              {stopping ? t('host.stopping') : t('host.stopRoomForAll')}
            </button>
            <button type="button" className="btn btn-danger-outline btn-block" data-testid="end-room" onClick={props.onEndRoom}>
              {t('host.end')}
            </button>
          </div>
        </>
      ) : (
        <div className="control-buttons">
          <button
            type="button"
            className="btn btn-primary"
            data-testid="toggle-room"
            // The first connection is still being made, or the start is on its way: the room starts in a moment.
            disabled={busy}
            aria-busy={busy}
            onClick={props.onToggleRoom}
          >
            {starting ? t('host.starting') : props.connecting ? t('status.connecting') : t('host.startRoom')}
          </button>
          {recordingButton}
        </div>
      )}
    </section>
  );
}
