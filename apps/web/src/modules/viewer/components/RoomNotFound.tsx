import { Link } from 'react-router-dom';
import { useT } from '../../../i18n/useT';

export function RoomNotFound() {
  const t = useT();
  return (
    <section className="narrow card center" aria-labelledby="room-not-found-title" data-testid="room-not-found">
      <h1 id="room-not-found-title">{t('viewer.notFound.title')}</h1>
      <p className="muted">{t('viewer.notFound.body')}</p>
      <Link to="/" className="btn btn-primary">
        {t('notFound.home')}
      </Link>
    </section>
  );
}
