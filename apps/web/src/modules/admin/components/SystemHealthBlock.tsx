import { useDashboardT } from '../../../i18n/useDashboardT';
import { errorText } from '../../../lib/error-text';
import { useSystemHealth } from '../hooks/useSystemHealth';

const TIME = new Intl.DateTimeFormat('en-US', { timeStyle: 'medium' });

/** Each part's readiness as the server answers now, not a fixed message. */
export function SystemHealthBlock() {
  const t = useDashboardT();
  const health = useSystemHealth();
  return (
    <section className="card health-card" aria-labelledby="system-health-title" data-testid="system-health">
      <div className="card-head">
        <h2 id="system-health-title">{t('admin.health.title')}</h2>
        <button type="button" className="btn btn-secondary btn-sm" disabled={health.isFetching} onClick={() => void health.refetch()}>
          {t('admin.health.refresh')}
        </button>
      </div>
      {health.isPending ? (
        <p className="muted" role="status">
          {t('admin.health.loading')}
        </p>
      ) : health.isError ? (
        <p className="alert alert-error" role="alert" data-testid="health-error">
          {t('admin.health.error', { message: errorText(health.error, t) })}
        </p>
      ) : (
        <>
          <ul className="health-list">
            {health.data.parts.map((part) => (
              <li key={part.name} className="health-item" data-testid="health-part" data-part={part.name} data-status={part.status}>
                <span className={`dot dot-${part.status === 'up' ? 'success' : 'danger'}`} aria-hidden="true" />
                <span className="health-name">{t(`admin.health.${part.name}`)}</span>
                <span className={`badge badge-${part.status === 'up' ? 'success' : 'danger'}`}>
                  {t(part.status === 'up' ? 'admin.health.up' : 'admin.health.down')}
                </span>
                {part.detail && <span className="muted health-detail">{part.detail}</span>}
              </li>
            ))}
          </ul>
          <p className="muted health-checked">{t('admin.health.checkedAt', { time: TIME.format(new Date(health.data.checked_at)) })}</p>
        </>
      )}
    </section>
  );
}
