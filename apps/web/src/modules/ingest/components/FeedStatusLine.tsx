import '../../../styles/feed.css';
import type { FeedStatus } from '@lt/contracts';
import { useRoomT } from '../../../i18n/useRoomT';

/** −60 dBFS reads as an empty meter, 0 as a full one. */
const meterPercent = (level: number | null) => (level === null ? 0 : Math.round(Math.min(1, Math.max(0, (level + 60) / 60)) * 100));

/** The host page's one line about the venue's feed: its state and, while audio arrives, its level. */
export function FeedStatusLine({ feed }: { feed: FeedStatus }) {
  const t = useRoomT();
  const text =
    feed.state === 'receiving'
      ? t('feed.receiving')
      : feed.state === 'silent'
        ? t('feed.silent', { seconds: feed.silentForS ?? 0 })
        : feed.state === 'lost'
          ? t('feed.lost')
          : t('feed.waiting');
  const showLevel = feed.state === 'receiving' || feed.state === 'silent';
  return (
    <p className={`feed-status feed-${feed.state}`} role="status" data-testid="feed-status">
      <span className="feed-dot" aria-hidden="true" />
      <span className="feed-label">{t('feed.title')}</span>
      <span className="feed-text">{text}</span>
      {showLevel && (
        <>
          <meter
            className="feed-meter"
            min={0}
            max={100}
            low={15}
            high={90}
            optimum={60}
            value={meterPercent(feed.level)}
            aria-label={t('feed.level')}
          />
          <span className="feed-db">{feed.level === null ? '—' : t('feed.db', { db: Math.round(feed.level) })}</span>
        </>
      )}
    </p>
  );
}
