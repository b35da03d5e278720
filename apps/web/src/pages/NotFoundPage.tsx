import { Link } from 'react-router-dom';
import { useT } from '../i18n/useT';

export function NotFoundPage() {
  const t = useT();
  return (
    <section className="narrow card center" aria-labelledby="not-found-title">
      <h1 id="not-found-title">{t('notFound.title')}</h1>
      <p className="muted">{t('notFound.body')}</p>
      <Link to="/" className="btn btn-primary">
        {t('notFound.home')}
      </Link>
    </section>
  );
}
