import type { UpdateUserBody } from '@lt/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Icon } from '../../../components/Icon';
import { useDashboardT } from '../../../i18n/useDashboardT';
import { knownErrorText } from '../../../lib/error-text';
import { useAccountActions } from '../hooks/useAccountActions';

/** Name and e-mail: view → edit → saved, or cancelled with the fields reset. */
export function PersonalInfo({ name, email }: { name: string; email: string }) {
  const t = useDashboardT();
  const id = useId();
  const { update } = useAccountActions();
  const [editing, setEditing] = useState(false);
  const [draftName, setDraftName] = useState(name);
  const [draftEmail, setDraftEmail] = useState(email);
  const [saved, setSaved] = useState(false);

  const cancel = () => {
    setDraftName(name);
    setDraftEmail(email);
    setEditing(false);
    update.reset();
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const body: UpdateUserBody = {};
    if (draftName.trim() !== name) body.name = draftName.trim();
    if (draftEmail.trim() !== email) body.email = draftEmail.trim();
    if (Object.keys(body).length === 0) {
      setEditing(false);
      return;
    }
    update.mutate(body, {
      onSuccess: () => {
        setEditing(false);
        setSaved(true);
      },
    });
  };

  const failure = knownErrorText(update.error, t) ?? t('account.saveFailed');

  return (
    <section className="card account-card" aria-labelledby={`${id}-title`}>
      <div className="card-head">
        <h2 id={`${id}-title`}>{t('account.personal')}</h2>
        {!editing && (
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            data-testid="account-edit"
            onClick={() => {
              setDraftName(name);
              setDraftEmail(email);
              setSaved(false);
              setEditing(true);
            }}
          >
            <Icon name="edit" size={14} />
            {t('account.edit')}
          </button>
        )}
      </div>
      {saved && (
        <p className="alert alert-success" role="status" data-testid="account-saved">
          {t('account.saved')}
        </p>
      )}
      {editing ? (
        <form onSubmit={save} aria-busy={update.isPending}>
          <div className="field">
            <label className="field-label" htmlFor={`${id}-name`}>
              {t('account.name')}
            </label>
            <input
              id={`${id}-name`}
              className="input"
              value={draftName}
              autoComplete="name"
              data-testid="account-name-input"
              onChange={(e) => setDraftName(e.target.value)}
            />
          </div>
          <div className="field">
            <label className="field-label" htmlFor={`${id}-email`}>
              {t('account.email')}
            </label>
            <input
              id={`${id}-email`}
              className="input"
              type="email"
              value={draftEmail}
              autoComplete="email"
              data-testid="account-email-input"
              onChange={(e) => setDraftEmail(e.target.value)}
            />
          </div>
          {update.isError && (
            <p className="alert alert-error" role="alert" data-testid="account-error">
              {failure}
            </p>
          )}
          <div className="actions">
            <button type="submit" className="btn btn-primary" disabled={update.isPending} data-testid="account-save">
              {update.isPending ? t('account.saving') : t('account.save')}
            </button>
            <button type="button" className="btn btn-secondary" disabled={update.isPending} data-testid="account-cancel" onClick={cancel}>
              {t('dashboard.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <dl className="facts">
          <div>
            <dt>{t('account.name')}</dt>
            <dd data-testid="account-name">{name || <span className="muted">{t('account.noName')}</span>}</dd>
          </div>
          <div>
            <dt>{t('account.email')}</dt>
            <dd data-testid="account-email">{email}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}
