import '../../../styles/feed.css';
import type { FeedStatus } from '@lt/contracts';
import { useRoomT } from '../../../i18n/useRoomT';

/** −60 dBFS reads as an empty meter, 0 as a full one. */
const meterPercent = (level: number | null) => (level === null ? 0 : Math.round(Math.min(1, Math.max(0, (level + 60) / 60)) * 100));

type RoomT = ReturnType<typeof useRoomT>;

function feedText(feed: FeedStatus, t: RoomT): string {
  switch (feed.state) {
    case 'receiving':
      return t('feed.receiving');
    case 'silent':
      return t('feed.silent', { seconds: feed.silentForS ?? 0 });
    case 'lost':
      return t('feed.lost');
    case 'stopped':
      return feed.reason === 'idle' ? t('feed.stoppedIdle') : t('feed.stoppedQuota');
    default:
      return t('feed.waiting');
  }
}

/** The host page's one line about the venue's feed: its state (why, when the server stopped it) and its level. */
export function FeedStatusLine({ feed }: { feed: FeedStatus }) {
  const t = useRoomT();
  const text = feedText(feed, t);
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
