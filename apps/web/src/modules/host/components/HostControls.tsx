import type { HostLanguageCode } from '@lt/contracts';
import { LanguageSelect } from '../../../components/LanguageSelect';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
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
  onStartRoom: () => void;
  onToggleRecording: () => void;
  /** Ends the room for everyone, once the host confirmed. */
  onEndRoom: () => void;
  enhance: boolean;
  onEnhanceChange: (enhance: boolean) => void;
  fastCaptions: boolean;
  interimTokens: number | null;
  onFastCaptionsChange: (on: boolean) => void;
  /** Where speech is recognised, the microphone and its level. */
  recognitionSettings?: ReactNode;
  /** The input language is the browser's, not yet chosen: the select says it is a suggestion. */
  languageSuggested?: boolean;
  /** Start Room was pressed without a language: the select says so and takes the focus. */
  languageMissing?: boolean;
}

export function HostControls(props: HostControlsProps) {
  const t = useRoomT();
  const enhanceId = useId();
  const languageRef = useRef<HTMLSelectElement>(null);
  const { languageMissing } = props;
  useEffect(() => {
    if (languageMissing) languageRef.current?.focus();
  }, [languageMissing]);
  const { active, recording } = props;
  const starting = props.pending === 'start';
  const busy = props.connecting || starting;
  const ending = props.pending === 'end';
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
        error={props.languageMissing ? t('host.selectInputLanguageFirst') : null}
        hint={props.languageSuggested ? t('host.languageSuggested') : null}
        ref={languageRef}
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
            <ConfirmDialog
              title={t('host.endTitle')}
              description={t('host.endBody')}
              confirmLabel={t('host.end')}
              cancelLabel={t('host.endCancel')}
              onConfirm={props.onEndRoom}
              renderTrigger={(open) => (
                <button
                  type="button"
                  className="btn btn-danger-outline btn-block"
                  data-testid="end-room"
                  disabled={ending}
                  aria-busy={ending}
                  aria-describedby={`${enhanceId}-end-hint`}
                  onClick={open}
                >
                  {ending ? t('host.ending') : t('host.end')}
                </button>
              )}
            />
            <p id={`${enhanceId}-end-hint`} className="field-hint">
              {t('host.endHint')}
            </p>
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
            onClick={props.onStartRoom}
          >
            {starting ? t('host.starting') : props.connecting ? t('status.connecting') : t('host.startRoom')}
          </button>
          {recordingButton}
        </div>
      )}
    </section>
  );
}
