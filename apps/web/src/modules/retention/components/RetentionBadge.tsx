import { useRetentionT } from '../../../i18n/useRetentionT';
import '../../../styles/retention.css';
import { localeDate } from '../../dashboard/format';
import { useLocale } from '../../../i18n/useLocale';
import { retentionStatus, type EndedRoom } from '../retention-status';

/** A history row's word on its transcript: kept, not stored, deleted on a day, or deleted on a day to come. */
export function RetentionBadge({ room }: { room: EndedRoom }) {
  const t = useRetentionT();
  const { locale } = useLocale();
  const status = retentionStatus(room);
  const text =
    status.kind === 'keep'
      ? t('retention.status.keep')
      : status.kind === 'notStored'
        ? t('retention.status.notStored')
        : t(status.kind === 'deleted' ? 'retention.status.deleted' : 'retention.status.until', { date: localeDate(status.at, locale) });
  return (
    <span className={`retention-badge retention-${status.kind}`} data-testid="history-retention" data-retention={room.retention}>
      {text}
    </span>
  );
}
