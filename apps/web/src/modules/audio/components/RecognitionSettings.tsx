import { useId } from 'react';
import '../../../styles/recognition.css';
import { useRoomT } from '../../../i18n/useRoomT';
import type { Recognition, RecognitionMode } from '../hooks/useRecognition';
import type { ProcessingSwitches } from '../microphone-capture';
import { LevelMeter } from './LevelMeter';

const SWITCHES: { key: keyof ProcessingSwitches; label: 'audio.echoCancellation' | 'audio.noiseSuppression' | 'audio.autoGain' }[] = [
  { key: 'echoCancellation', label: 'audio.echoCancellation' },
  { key: 'noiseSuppression', label: 'audio.noiseSuppression' },
  { key: 'autoGainControl', label: 'audio.autoGain' },
];

/**
 * Where speech is recognised, and, on the server, which microphone, its level and the browser's processing.
 * Without a provider on the server only a short note says how to get one.
 */
export function RecognitionSettings({ recognition }: { recognition: Recognition }) {
  const t = useRoomT();
  const id = useId();
  const { mode, inputs, recording } = recognition;

  if (!recognition.serverOffered) {
    return (
      <p className="field-hint recognition-note" role="note" data-testid="server-recognition-note">
        {t('audio.serverNeedsProvider')}
      </p>
    );
  }
  if (!recognition.serverUsable) {
    return (
      <p className="field-hint recognition-note" role="note" data-testid="server-recognition-note">
        {t('audio.captureUnsupported')}
      </p>
    );
  }

  const modes: { value: RecognitionMode; label: 'audio.mode.browser' | 'audio.mode.server'; disabled: boolean }[] = [
    { value: 'browser', label: 'audio.mode.browser', disabled: !recognition.browserSupported },
    { value: 'server', label: 'audio.mode.server', disabled: false },
  ];
  const namesHidden = inputs.inputs.some((input) => !input.label);

  return (
    <div className="recognition-settings" data-testid="recognition-settings">
      <fieldset className="segmented" disabled={recording}>
        <legend>{t('audio.recognition')}</legend>
        {modes.map((option) => (
          <label key={option.value} className={mode === option.value ? 'segment segment-on' : 'segment'}>
            <input
              type="radio"
              name={`${id}-mode`}
              value={option.value}
              checked={mode === option.value}
              disabled={option.disabled}
              onChange={() => recognition.setMode(option.value)}
              data-testid={`recognition-${option.value}`}
            />
            {t(option.label)}
          </label>
        ))}
      </fieldset>
      {!recognition.browserSupported && <p className="field-hint">{t('audio.mode.browserUnavailable')}</p>}
      {mode === 'server' && (
        <>
          <div className="field">
            <label htmlFor={`${id}-input`} className="field-label">
              {t('audio.microphone')}
            </label>
            <select
              id={`${id}-input`}
              className="select"
              value={inputs.deviceId ?? ''}
              disabled={recording}
              onChange={(event) => inputs.setDeviceId(event.target.value || null)}
              aria-describedby={namesHidden ? `${id}-names` : undefined}
              data-testid="microphone-select"
            >
              <option value="">{t('audio.defaultMicrophone')}</option>
              {inputs.inputs.map((input, index) => (
                <option key={input.deviceId} value={input.deviceId}>
                  {input.label || t('audio.unnamedMicrophone', { n: index + 1 })}
                </option>
              ))}
            </select>
            {namesHidden && (
              <p id={`${id}-names`} className="field-hint">
                {t('audio.namesAfterPermission')}
              </p>
            )}
          </div>
          <LevelMeter levels={recognition.server.levels} active={recognition.server.recording} />
          <fieldset className="processing-switches" disabled={recording} aria-describedby={`${id}-processing`}>
            {SWITCHES.map(({ key, label }) => (
              <label key={key} className="switch-row">
                <input
                  type="checkbox"
                  role="switch"
                  checked={inputs.processing[key]}
                  onChange={(event) => inputs.setProcessing({ ...inputs.processing, [key]: event.target.checked })}
                  data-testid={`audio-${key}`}
                />
                {t(label)}
              </label>
            ))}
            <p id={`${id}-processing`} className="field-hint">
              {t('audio.processingHint')}
            </p>
          </fieldset>
        </>
      )}
    </div>
  );
}
