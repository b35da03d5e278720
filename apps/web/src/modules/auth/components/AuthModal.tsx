import { LIMITS, type SocialProvider } from '@lt/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Icon } from '../../../components/Icon';
import { Modal } from '../../../components/Modal';
import { useT } from '../../../i18n/useT';
import { resetErrorText, signInErrorText, socialErrorText, socialUnavailableText } from '../auth-errors';
import type { AuthMode } from '../auth-mode';
import { useAuthSubmit } from '../hooks/useAuthSubmit';
import { useSocialSignIn } from '../hooks/useSocialSignIn';
import { SocialUnavailableError } from '../social-sign-in';
import { ResetSent } from './ResetSent';
import { SocialButtons } from './SocialButtons';

interface AuthModalProps {
  initialMode: AuthMode;
  onClose: () => void;
  /** After a sign-in or a sign-up that opened a session. */
  onSignedIn: () => void;
}

/** Closing unmounts the modal, which is what clears its fields and error and brings back login mode. */
export function AuthModal({ initialMode, onClose, onSignedIn }: AuthModalProps) {
  const t = useT();
  const ids = useId();
  const titleId = `${ids}-title`;
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const submit = useAuthSubmit();
  const social = useSocialSignIn();
  const busy = submit.isPending || social.isPending;

  const switchMode = (next: AuthMode) => {
    setMode(next);
    setError(null);
    setNotice(null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setError(null);
    setNotice(null);
    if (mode !== 'reset' && (!email.trim() || !password)) {
      setError(t('auth.error.missingCredentials'));
      return;
    }
    submit.mutate(
      { mode, name, email, password },
      {
        onSuccess: (result) => {
          if (result.kind === 'signed-in') onSignedIn();
          else if (result.kind === 'reset-sent') setSentTo(result.email);
          else {
            setNotice(t('auth.confirmEmail'));
            setPassword('');
            setMode('login');
          }
        },
        onError: (failure) => setError(mode === 'reset' ? resetErrorText(failure, t) : signInErrorText(failure, t)),
      },
    );
  };

  const onSocial = (provider: SocialProvider) => {
    setError(null);
    setNotice(null);
    social.mutate(provider, {
      onError: (failure) =>
        setError(failure instanceof SocialUnavailableError ? socialUnavailableText(provider, t) : socialErrorText(failure, provider, t)),
    });
  };

  const backToLogin = () => {
    setSentTo(null);
    setEmail('');
    switchMode('login');
  };

  const submitLabel = busy
    ? t(mode === 'reset' ? 'auth.busyReset' : 'auth.busy')
    : t(mode === 'login' ? 'auth.submit.login' : mode === 'signup' ? 'auth.submit.signup' : 'auth.submit.reset');

  return (
    <Modal labelledBy={titleId} onClose={onClose} testId="auth-modal">
      <button type="button" className="modal-close btn btn-ghost" aria-label={t('auth.close')} data-testid="auth-close" onClick={onClose}>
        <Icon name="close" size={18} />
      </button>
      {sentTo !== null ? (
        <ResetSent titleId={titleId} email={sentTo} onBack={backToLogin} />
      ) : (
        <div className="auth-modal" data-mode={mode}>
          <header className="modal-header">
            <h2 id={titleId}>{t(`auth.title.${mode}`)}</h2>
            <p className="muted">{t(`auth.subtitle.${mode}`)}</p>
          </header>
          {notice && (
            <p className="alert alert-info" role="status" data-testid="auth-notice">
              {notice}
            </p>
          )}
          {error && (
            <p className="alert alert-error" role="alert" data-testid="auth-error">
              {error}
            </p>
          )}
          <form className="auth-form" onSubmit={onSubmit} aria-busy={busy}>
            {mode === 'signup' && (
              <label className="field">
                <span className="field-label">{t('auth.name')}</span>
                <input
                  className="input"
                  type="text"
                  value={name}
                  autoComplete="name"
                  maxLength={100}
                  data-testid="auth-name"
                  data-autofocus
                  onChange={(e) => setName(e.target.value)}
                />
              </label>
            )}
            <label className="field">
              <span className="field-label">{t('auth.email')}</span>
              <input
                className="input"
                type="email"
                required
                value={email}
                autoComplete="email"
                data-testid="auth-email"
                data-autofocus={mode !== 'signup' ? true : undefined}
                onChange={(e) => setEmail(e.target.value)}
              />
            </label>
            {mode !== 'reset' && (
              <label className="field">
                <span className="field-label">{t('auth.password')}</span>
                <input
                  className="input"
                  type="password"
                  required
                  minLength={LIMITS.passwordMin}
                  value={password}
                  autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
                  data-testid="auth-password"
                  onChange={(e) => setPassword(e.target.value)}
                />
              </label>
            )}
            {mode === 'login' && (
              <p className="auth-forgot">
                <button type="button" className="link-button" data-testid="auth-forgot" onClick={() => switchMode('reset')}>
                  {t('auth.forgot')}
                </button>
              </p>
            )}
            <button type="submit" className="btn btn-primary btn-block" disabled={busy} data-testid="auth-submit">
              {submitLabel}
            </button>
          </form>
          {mode !== 'reset' && <SocialButtons disabled={busy} onSelect={onSocial} />}
          <p className="auth-switch">
            {mode === 'login' ? (
              <button type="button" className="link-button" data-testid="auth-to-signup" onClick={() => switchMode('signup')}>
                {t('auth.toSignup')}
              </button>
            ) : (
              <button type="button" className="link-button" data-testid="auth-to-login" onClick={() => switchMode('login')}>
                {t('auth.toLogin')}
              </button>
            )}
          </p>
        </div>
      )}
    </Modal>
  );
}
