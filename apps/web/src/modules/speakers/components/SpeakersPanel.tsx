import { LIMITS, type CreateSpeakerResponse, type SpeakerResponse } from '@lt/contracts';
import { useId, useState, type FormEvent } from 'react';
import { ChoiceDialog } from '../../../components/ChoiceDialog';
import { CopyField } from '../../../components/CopyField';
import { useRoomT, type RoomTranslate } from '../../../i18n/useRoomT';
import { errorText } from '../../../lib/error-text';
import { useSpeakers } from '../hooks/useSpeakers';

const STATUS_TONE: Record<SpeakerResponse['status'], string> = { active: 'success', joined: 'outline', invited: 'muted' };

/** An invite name's rule: trimmed, 1–50 characters. */
export function speakerNameProblem(name: string, t: RoomTranslate): string | null {
  const trimmed = name.trim();
  if (!trimmed) return t('room.speakers.nameRequired');
  if (trimmed.length > LIMITS.speakerNameMax) return t('room.speakers.nameTooLong');
  return null;
}

/** The owner's Manage Speakers panel: invite by name, the invite link once, the list, removal with confirmation. */
export function SpeakersPanel({ roomId, speakers }: { roomId: string; speakers: ReturnType<typeof useSpeakers> }) {
  const t = useRoomT();
  const inputId = useId();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [invited, setInvited] = useState<CreateSpeakerResponse | null>(null);
  const { list, invite, remove } = speakers;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const issue = speakerNameProblem(name, t);
    setProblem(issue);
    if (issue) return;
    invite.mutate(name.trim(), {
      onSuccess: (answer) => {
        setInvited(answer);
        setName('');
      },
    });
  };

  // Asked in the page's own dialog, like every other question (never the browser's confirm()).
  const [removing, setRemoving] = useState<SpeakerResponse | null>(null);
  const removeOne = (speaker: SpeakerResponse) => {
    setRemoving(null);
    remove.mutate(speaker.id, {
      onSuccess: () => setInvited((current) => (current?.speaker.id === speaker.id ? null : current)),
    });
  };

  const errors = [
    problem,
    invite.isError ? t('room.speakers.createFailed', { message: errorText(invite.error, t) }) : null,
    remove.isError ? t('room.speakers.removeFailed', { message: errorText(remove.error, t) }) : null,
    list.isError ? errorText(list.error, t) : null,
  ].filter((text): text is string => Boolean(text));

  return (
    <section className="card speakers-card" aria-labelledby={`${inputId}-title`} data-testid="speakers-panel" data-room={roomId}>
      <h2 id={`${inputId}-title`}>{t('room.speakers.title')}</h2>
      <p className="field-hint">{t('room.speakers.hint')}</p>
      <form className="speaker-form" onSubmit={submit} noValidate>
        <label htmlFor={inputId} className="field-label">
          {t('room.speakers.name')}
        </label>
        <div className="copy-row">
          <input
            id={inputId}
            className="input"
            value={name}
            maxLength={LIMITS.speakerNameMax + 10}
            onChange={(event) => setName(event.target.value)}
            data-testid="speaker-name"
            aria-invalid={problem !== null}
          />
          <button type="submit" className="btn btn-primary" disabled={invite.isPending} data-testid="invite-speaker">
            {invite.isPending ? t('room.speakers.inviting') : t('room.speakers.invite')}
          </button>
        </div>
      </form>
      {errors.map((text) => (
        <p key={text} className="alert alert-error" role="alert">
          {text}
        </p>
      ))}
      {invited && (
        <CopyField
          label={t('room.speakers.link', { name: invited.speaker.speaker_name })}
          hint={t('room.speakers.linkHint')}
          value={invited.inviteLink}
          testId="speaker-invite-link"
          copyTestId="copy-speaker-link"
          secret
        />
      )}
      {list.isPending && <p className="muted">{t('room.speakers.loading')}</p>}
      {list.data && list.data.speakers.length === 0 && <p className="muted">{t('room.speakers.empty')}</p>}
      {list.data && list.data.speakers.length > 0 && (
        <ul className="speaker-list">
          {list.data.speakers.map((speaker) => (
            <li key={speaker.id} className="speaker-row" data-testid="speaker-row" data-status={speaker.status}>
              <span className="speaker-name">{speaker.speaker_name}</span>
              <span className={`badge badge-${STATUS_TONE[speaker.status]}`} data-testid="speaker-status">
                {t(`room.speakers.status.${speaker.status}`)}
              </span>
              <button
                type="button"
                className="btn btn-danger-outline btn-small"
                data-testid="remove-speaker"
                disabled={remove.isPending}
                onClick={() => setRemoving(speaker)}
              >
                {t('room.speakers.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {removing && (
        <ChoiceDialog
          title={t('room.speakers.removeTitle', { name: removing.speaker_name })}
          description={t('room.speakers.removeConfirm', { name: removing.speaker_name })}
          cancelLabel={t('room.speakers.keep')}
          choices={[{ label: t('room.speakers.remove'), onChoose: () => removeOne(removing), testId: 'remove-speaker-confirm' }]}
          onCancel={() => setRemoving(null)}
        />
      )}
    </section>
  );
}
