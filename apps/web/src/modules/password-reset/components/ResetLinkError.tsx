import { Link } from 'react-router-dom';
import { Icon } from '../../../components/Icon';
import type { MessageKey } from '../../../i18n/es';
import { useT } from '../../../i18n/useT';
import type { ShowAuthState } from '../../auth/auth-mode';

const REQUEST_NEW_LINK: ShowAuthState = { showAuth: true, mode: 'reset' };

export function ResetLinkError({ message }: { message: MessageKey }) {
  const t = useT();
  return (
    <section className="narrow card center status-card" aria-labelledby="reset-error-title" data-testid="reset-error">
      <span className="status-icon status-icon-error">
        <Icon name="alert" size={26} />
      </span>
      <h1 id="reset-error-title">{t('reset.error.title')}</h1>
      <p role="alert" data-testid="reset-error-message">
        {t(message)}
      </p>
      <div className="actions center">
        <Link to="/" state={REQUEST_NEW_LINK} className="btn btn-primary" data-testid="reset-request-new">
          {t('reset.requestNew')}
        </Link>
        <Link to="/" className="btn btn-secondary" data-testid="reset-go-home">
          {t('reset.goHome')}
        </Link>
      </div>
    </section>
  );
}
