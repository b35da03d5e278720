import { Link } from 'react-router-dom';
import { useT } from '../../../i18n/useT';
import { viewerPath } from '../../../lib/links';

export function NoHostAccess({ roomId, name }: { roomId: string; name: string | null }) {
  const t = useT();
  return (
    <section className="narrow card center" aria-labelledby="no-host-title">
      <h1 id="no-host-title">{t('host.noKey.title')}</h1>
      <p role="alert">{t('host.noKey.body')}</p>
      <div className="actions center">
        <Link to={viewerPath(roomId, name ?? undefined)} className="btn btn-primary">
          {t('host.noKey.viewer')}
        </Link>
        <Link to="/" className="btn btn-secondary">
          {t('nav.home')}
        </Link>
      </div>
    </section>
  );
}
