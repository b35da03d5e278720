import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { Icon } from '../../../components/Icon';
import { useT } from '../../../i18n/useT';

/** The success screen moves on to / after this long. */
export const SUCCESS_REDIRECT_MS = 2000;

export function ResetSuccess() {
  const t = useT();
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate('/', { replace: true }), SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <section className="narrow card center status-card" aria-labelledby="reset-success-title" data-testid="reset-success">
      <span className="status-icon status-icon-success">
        <Icon name="check" size={26} />
      </span>
      <h1 id="reset-success-title">{t('reset.success.title')}</h1>
      <p className="muted" role="status">
        {t('reset.success.body')}
      </p>
    </section>
  );
}
