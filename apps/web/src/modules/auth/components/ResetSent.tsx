import { Icon } from '../../../components/Icon';
import { useT } from '../../../i18n/useT';

export function ResetSent({ titleId, email, onBack }: { titleId: string; email: string; onBack: () => void }) {
  const t = useT();
  return (
    <div className="auth-sent" data-testid="auth-reset-sent">
      <span className="status-icon status-icon-success">
        <Icon name="mail" size={26} />
      </span>
      <h2 id={titleId}>{t('auth.resetSent.title')}</h2>
      <p className="muted">{t('auth.resetSent.body', { email })}</p>
      <button type="button" className="btn btn-primary btn-block" data-testid="auth-back-to-login" onClick={onBack}>
        {t('auth.backToLogin')}
      </button>
    </div>
  );
}
