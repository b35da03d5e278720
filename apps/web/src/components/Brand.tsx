import { Link } from 'react-router-dom';
import { useT } from '../i18n/useT';

/** The product's mark and name in the top bar, linking home (or to the dashboard inside it). */
export function Brand({ to }: { to: string }) {
  const t = useT();
  return (
    <Link to={to} className="brand">
      <span className="brand-mark" aria-hidden="true">
        AI
      </span>
      <span className="brand-name">{t('app.name')}</span>
    </Link>
  );
}
