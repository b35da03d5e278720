import { ENDED_ALLOWANCE_MAX, HOST_LANGUAGES, LIMITS, SCHEDULE } from '@lt/contracts';
import { languageOptionLabel } from '../../../lib/language-names';
import { useLocale } from '../../../i18n/useLocale';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useDashboardT } from '../../../i18n/useDashboardT';
import { RetentionField } from '../../retention/components/RetentionField';
import { localDateValue, parseInvitedHosts, type Duration, type RoomFormValues } from '../room-form';

interface RoomFormProps {
  initial: RoomFormValues;
  /** The edit form has no invited hosts: invitations go out when a room is created. */
  withInvites: boolean;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  error: string | null;
  onSubmit: (values: RoomFormValues) => void;
  /** More of the form after its own fields (the glossary). */
  children?: ReactNode;
}

export function RoomForm({ initial, withInvites, busy, submitLabel, busyLabel, error, onSubmit, children }: RoomFormProps) {
  const t = useDashboardT();
  const { locale } = useLocale();
  const id = useId();
  const [values, setValues] = useState(initial);
  const [invalidEmail, setInvalidEmail] = useState<string | null>(null);
  const set = <K extends keyof RoomFormValues>(key: K, value: RoomFormValues[K]) => setValues((prev) => ({ ...prev, [key]: value }));
  const nameMissing = values.name.trim() === '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || nameMissing) return;
    const { invalid } = parseInvitedHosts(values.invitedHosts);
    setInvalidEmail(invalid);
    if (!invalid) onSubmit(values);
  };

  return (
    <form className="card room-form" onSubmit={submit} aria-busy={busy} noValidate>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-name`}>
          {t('form.name')}
        </label>
        <input
          id={`${id}-name`}
          className="input"
          value={values.name}
          maxLength={LIMITS.roomNameMax}
          placeholder={t('form.namePlaceholder')}
          required
          autoComplete="off"
          data-testid="room-form-name"
          onChange={(e) => set('name', e.target.value)}
        />
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-language`}>
          {t('form.language')}
        </label>
        <select
          id={`${id}-language`}
          className="select"
          value={values.sourceLanguage}
          data-testid="room-form-language"
          onChange={(e) => set('sourceLanguage', e.target.value as RoomFormValues['sourceLanguage'])}
        >
          <option value="">{t('form.languageNone')}</option>
          {HOST_LANGUAGES.map((language) => (
            <option key={language.code} value={language.code}>
              {languageOptionLabel(language, locale)}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="field-row">
        <legend className="visually-hidden">{t('form.scheduleHint')}</legend>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-date`}>
            {t('form.date')}
          </label>
          <input
            id={`${id}-date`}
            className="input"
            type="date"
            min={localDateValue(new Date())}
            value={values.scheduledDate}
            data-testid="room-form-date"
            onChange={(e) => set('scheduledDate', e.target.value)}
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-time`}>
            {t('form.time')}
          </label>
          <input
            id={`${id}-time`}
            className="input"
            type="time"
            value={values.scheduledTime}
            data-testid="room-form-time"
            onChange={(e) => set('scheduledTime', e.target.value)}
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-duration`}>
            {t('form.duration')}
          </label>
          <select
            id={`${id}-duration`}
            className="select"
            value={values.duration}
            data-testid="room-form-duration"
            onChange={(e) => set('duration', Number(e.target.value) as Duration)}
          >
            {SCHEDULE.durations.map((minutes) => (
              <option key={minutes} value={minutes}>
                {t('form.durationOption', { n: minutes })}
              </option>
            ))}
          </select>
        </div>
      </fieldset>
      <p className="field-hint form-hint">{t('form.scheduleHint')}</p>
      <div className="checkbox-field">
        <input
          id={`${id}-downloads`}
          type="checkbox"
          checked={values.viewerDownloads}
          aria-describedby={`${id}-downloads-hint`}
          data-testid="room-form-viewer-downloads"
          onChange={(e) => set('viewerDownloads', e.target.checked)}
        />
        <label htmlFor={`${id}-downloads`}>{t('form.viewerDownloads')}</label>
        <p id={`${id}-downloads-hint`} className="field-hint">
          {t('form.viewerDownloadsHint')}
        </p>
      </div>
      <RetentionField value={values.retention} onChange={(retention) => set('retention', retention)} />
      <div className="checkbox-field">
        <input
          id={`${id}-fast`}
          type="checkbox"
          checked={values.fastCaptions}
          aria-describedby={`${id}-fast-hint`}
          data-testid="room-form-fast-captions"
          onChange={(e) => set('fastCaptions', e.target.checked)}
        />
        <label htmlFor={`${id}-fast`}>{t('form.fastCaptions')}</label>
        <p id={`${id}-fast-hint`} className="field-hint">
          {t('form.fastCaptionsHint')}
        </p>
      </div>
      <div className="checkbox-field">
        <input
          id={`${id}-questions`}
          type="checkbox"
          checked={values.questionsEnabled}
          aria-describedby={`${id}-questions-hint`}
          data-testid="room-form-questions"
          onChange={(e) => set('questionsEnabled', e.target.checked)}
        />
        <label htmlFor={`${id}-questions`}>{t('form.questions')}</label>
        <p id={`${id}-questions-hint`} className="field-hint">
          {t('form.questionsHint')}
        </p>
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-allowance`}>
          {t('form.endedAllowance')}
        </label>
        <input
          id={`${id}-allowance`}
          className="input"
          type="number"
          inputMode="numeric"
          min={0}
          max={ENDED_ALLOWANCE_MAX}
          step={1}
          value={values.endedAllowance}
          placeholder={t('form.endedAllowancePlaceholder')}
          aria-describedby={`${id}-allowance-hint`}
          data-testid="room-form-ended-allowance"
          onChange={(e) => set('endedAllowance', e.target.value)}
        />
        <p id={`${id}-allowance-hint`} className="field-hint">
          {t('form.endedAllowanceHint')}
        </p>
      </div>
      {withInvites && (
        <div className="field">
          <label className="field-label" htmlFor={`${id}-invited`}>
            {t('form.invited')}
          </label>
          <input
            id={`${id}-invited`}
            className="input"
            type="text"
            inputMode="email"
            value={values.invitedHosts}
            placeholder={t('form.invitedPlaceholder')}
            aria-describedby={`${id}-invited-hint`}
            aria-invalid={invalidEmail !== null}
            data-testid="room-form-invited"
            onChange={(e) => set('invitedHosts', e.target.value)}
          />
          <p id={`${id}-invited-hint`} className="field-hint">
            {t('form.invitedHint')}
          </p>
        </div>
      )}
      {children}
      {(invalidEmail || error) && (
        <p className="alert alert-error" role="alert" data-testid="room-form-error">
          {invalidEmail ? t('form.invalidEmail', { email: invalidEmail }) : error}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={busy || nameMissing} data-testid="room-form-submit">
          {busy ? busyLabel : submitLabel}
        </button>
        <Link to="/dashboard/scheduled" className="btn btn-secondary">
          {t('dashboard.cancel')}
        </Link>
      </div>
    </form>
  );
}
