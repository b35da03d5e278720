import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Icon } from '../../../components/Icon';
import { useDashboardT } from '../../../i18n/useDashboardT';
import { knownErrorText } from '../../../lib/error-text';
import { useDataArchive } from '../../retention/hooks/useDataArchive';
import { useAccountActions } from '../hooks/useAccountActions';

/** Account deletion: idle → confirm (with the archive offered first) → deleting, then the landing page, which says so (useAccountDeleted). */
export function DangerZone() {
  const t = useDashboardT();
  const id = useId();
  const navigate = useNavigate();
  const { remove } = useAccountActions();
  const { download } = useDataArchive();
  const [confirming, setConfirming] = useState(false);
  const failure = knownErrorText(remove.error, t) ?? t('account.deleteFailed');

  return (
    <section className="card account-card danger-zone" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('account.danger')}</h2>
      <p className="muted">{t('account.dangerBody')}</p>
      {confirming ? (
        <div className="danger-confirm" role="group" aria-labelledby={`${id}-confirm`}>
          <p id={`${id}-confirm`} className="danger-question" data-testid="account-delete-question">
            {t('account.deleteConfirm')}
          </p>
          <p className="danger-archive" data-testid="account-delete-archive">
            {t('account.deleteArchiveFirst')}
          </p>
          <div className="actions">
            <button
              type="button"
              className="btn btn-secondary"
              disabled={download.isPending || remove.isPending}
              data-testid="account-delete-archive-download"
              onClick={() => download.mutate()}
            >
              {download.isPending ? <span className="spinner spinner-sm" aria-hidden="true" /> : <Icon name="download" size={16} />}
              {t('account.deleteArchiveDownload')}
            </button>
            <span className="muted" role="status" data-testid="account-delete-archive-status">
              {download.isSuccess && t('account.deleteArchiveSaved')}
              {download.isError && t('account.deleteArchiveFailed')}
            </span>
          </div>
          <div className="actions">
            <button
              type="button"
              className="btn btn-danger"
              disabled={remove.isPending}
              data-testid="account-delete-confirm"
              onClick={() => remove.mutate(undefined, { onSuccess: () => navigate('/', { replace: true }) })}
            >
              {remove.isPending ? t('account.deleting') : t('account.confirmDelete')}
            </button>
            <button type="button" className="btn btn-secondary" disabled={remove.isPending} onClick={() => setConfirming(false)}>
              {t('dashboard.cancel')}
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="btn btn-danger-outline" data-testid="account-delete" onClick={() => setConfirming(true)}>
          <Icon name="trash" size={16} />
          {t('account.delete')}
        </button>
      )}
      {remove.isError && (
        <p className="alert alert-error" role="alert" data-testid="account-delete-error">
          {failure}
        </p>
      )}
    </section>
  );
}
