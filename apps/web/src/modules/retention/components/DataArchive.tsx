import { useId } from 'react';
import '../../../styles/retention.css';
import { Icon } from '../../../components/Icon';
import { useLocale } from '../../../i18n/useLocale';
import { useRetentionT } from '../../../i18n/useRetentionT';
import { knownErrorText } from '../../../lib/error-text';
import { readableSize, useDataArchive } from '../hooks/useDataArchive';

/** The account page's download of everything held about the user: idle → preparing → receiving → done or failed. */
export function DataArchive() {
  const t = useRetentionT();
  const id = useId();
  const { locale } = useLocale();
  const { download, received } = useDataArchive();
  const known = knownErrorText(download.error, t);
  const failure = known ? t('archive.failed', { message: known }) : t('archive.failedGeneric');

  return (
    <section className="card account-card" aria-labelledby={`${id}-title`} data-testid="data-archive">
      <h2 id={`${id}-title`}>{t('archive.title')}</h2>
      <p className="muted">{t('archive.body')}</p>
      <div className="actions">
        <button
          type="button"
          className="btn btn-secondary"
          disabled={download.isPending}
          aria-describedby={`${id}-status`}
          data-testid="data-archive-download"
          onClick={() => download.mutate()}
        >
          {download.isPending ? <span className="spinner spinner-sm" aria-hidden="true" /> : <Icon name="download" size={16} />}
          {t('archive.download')}
        </button>
      </div>
      <p id={`${id}-status`} className="muted archive-status" role="status" aria-live="polite" data-testid="data-archive-status">
        {download.isPending && (received > 0 ? t('archive.received', { size: readableSize(received, locale) }) : t('archive.preparing'))}
        {download.isSuccess && t('archive.done', { size: readableSize(download.data, locale) })}
      </p>
      {download.isError && (
        <p className="alert alert-error" role="alert" data-testid="data-archive-error">
          {failure}
        </p>
      )}
    </section>
  );
}
