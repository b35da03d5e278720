import { useEffect, useRef } from 'react';
import { useT } from '../../../i18n/useT';
import type { TranscriptEntry } from '../transcript-log';

function clock(timestamp: string): string {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

export function TranscriptLog({ entries, interim }: { entries: TranscriptEntry[]; interim: string | null }) {
  const t = useT();
  const listRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [entries.length, interim]);

  return (
    <section className="card transcript-card" aria-labelledby="transcript-title">
      <h2 id="transcript-title">{t('host.transcript')}</h2>
      <div
        ref={listRef}
        className="scroll-list"
        role="log"
        aria-live="polite"
        aria-labelledby="transcript-title"
        data-testid="transcript-log"
        tabIndex={0}
      >
        {entries.length === 0 && !interim && <p className="empty">{t('host.transcriptEmpty')}</p>}
        <ol className="entries">
          {entries.map((entry) => (
            <li
              key={entry.messageId}
              className={`entry entry-${entry.state}`}
              data-testid="transcript-entry"
              data-state={entry.state}
              data-seq={entry.seq}
            >
              <div className="entry-meta">
                <time dateTime={entry.timestamp}>{clock(entry.timestamp)}</time>
                {entry.speakerName && <span className="entry-speaker">{entry.speakerName}</span>}
                <span className={`entry-state state-${entry.state}`} title={entry.error}>
                  {entry.state === 'pending' && t('host.entry.pending')}
                  {entry.state === 'acked' && t('host.entry.acked', { seq: entry.seq ?? '' })}
                  {entry.state === 'failed' && t('host.entry.failed')}
                </span>
              </div>
              <p className="entry-text">{entry.text}</p>
              {entry.state === 'failed' && entry.error && <p className="entry-error">{entry.error}</p>}
            </li>
          ))}
        </ol>
        {interim && (
          <p className="interim" aria-hidden="true">
            {interim}
          </p>
        )}
      </div>
    </section>
  );
}
