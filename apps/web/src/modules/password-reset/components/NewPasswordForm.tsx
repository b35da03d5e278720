import { LIMITS } from '@lt/contracts';
import { useState, type FormEvent } from 'react';
import { useT } from '../../../i18n/useT';
import { passwordUpdateErrorText } from '../../auth/auth-errors';
import { useUpdatePassword } from '../hooks/useUpdatePassword';
import { PasswordField } from './PasswordField';

export function NewPasswordForm({ onUpdated }: { onUpdated: () => void }) {
  const t = useT();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdatePassword();
  const tooShort = password.length < LIMITS.passwordMin;
  const mismatch = confirm !== '' && confirm !== password;
  const disabled = update.isPending || tooShort || confirm !== password;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (tooShort) setProblem(t('reset.tooShort'));
    else if (password !== confirm) setProblem(t('reset.mismatch'));
    else if (!update.isPending) {
      update.mutate(password, { onSuccess: onUpdated, onError: (error) => setProblem(passwordUpdateErrorText(error, t)) });
    }
  };

  return (
    <section className="narrow card form-card" aria-labelledby="reset-title">
      <h1 id="reset-title">{t('reset.title')}</h1>
      <p className="muted">{t('reset.subtitle')}</p>
      {problem && (
        <p className="alert alert-error" role="alert" data-testid="reset-form-error">
          {problem}
        </p>
      )}
      <form onSubmit={onSubmit} aria-busy={update.isPending} noValidate>
        <PasswordField label={t('reset.newPassword')} value={password} onChange={setPassword} testId="new-password" autoFocus>
          <p className="field-hint">{t('reset.hint')}</p>
        </PasswordField>
        <PasswordField
          label={t('reset.confirmPassword')}
          value={confirm}
          onChange={setConfirm}
          testId="confirm-password"
          invalid={mismatch}
        >
          {mismatch && (
            <p className="field-error" data-testid="reset-mismatch">
              {t('reset.mismatch')}
            </p>
          )}
        </PasswordField>
        <button type="submit" className="btn btn-primary btn-block" disabled={disabled} data-testid="reset-submit">
          {update.isPending ? t('reset.submitting') : t('reset.submit')}
        </button>
      </form>
    </section>
  );
}
