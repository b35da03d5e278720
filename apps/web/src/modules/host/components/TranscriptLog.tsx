import type { InterimFrame } from '@lt/contracts';
import { useEffect, useRef } from 'react';
import { useRoomT } from '../../../i18n/useRoomT';
import { clockTime as clock } from '../../../lib/clock';
import { errorCodeText } from '../../../lib/error-text';
import { speakerLabel } from '../../live/speaker-label';
import type { TranscriptEntry } from '../transcript-log';

interface TranscriptLogProps {
  entries: TranscriptEntry[];
  interim: string | null;
  /** A line that is this page's own speech: it carries no name. */
  isOwn: (entry: TranscriptEntry) => boolean;
  otherInterim?: InterimFrame | null;
  title?: string;
  emptyText?: string;
}

export function TranscriptLog({ entries, interim, isOwn, otherInterim = null, title, emptyText }: TranscriptLogProps) {
  const t = useRoomT();
  const listRef = useRef<HTMLDivElement>(null);
  const failure = (entry: TranscriptEntry) => (entry.errorCode ? errorCodeText(entry.errorCode, t) : undefined);

  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [entries.length, interim, otherInterim?.text]);

  return (
    <section className="card transcript-card" aria-labelledby="transcript-title">
      <h2 id="transcript-title">{title ?? t('host.transcript')}</h2>
      <div
        ref={listRef}
        className="scroll-list"
        role="log"
        aria-live="polite"
        aria-labelledby="transcript-title"
        data-testid="transcript-log"
        tabIndex={0}
      >
        {entries.length === 0 && !interim && <p className="empty">{emptyText ?? t('host.transcriptEmpty')}</p>}
        <ol className="entries">
          {entries.map((entry) => (
            <li
              key={entry.messageId}
              className={isOwn(entry) ? `entry entry-${entry.state}` : `entry entry-${entry.state} entry-other`}
              data-testid="transcript-entry"
              data-state={entry.state}
              data-seq={entry.seq}
            >
              <div className="entry-meta">
                <time dateTime={entry.timestamp}>{clock(entry.timestamp)}</time>
                {!isOwn(entry) && entry.speakerName && entry.speakerId && (
                  <span className="entry-speaker" data-testid="entry-speaker">
                    {speakerLabel(t, { speakerId: entry.speakerId, speakerName: entry.speakerName })}
                  </span>
                )}
                <span className={`entry-state state-${entry.state}`} title={failure(entry)}>
                  {entry.state === 'pending' && t('host.entry.pending')}
                  {entry.state === 'acked' && t('host.entry.acked', { seq: entry.seq ?? '' })}
                  {entry.state === 'failed' && t('host.entry.failed')}
                </span>
              </div>
              <p className="entry-text">{entry.text}</p>
              {entry.state === 'failed' && entry.errorCode && <p className="entry-error">{failure(entry)}</p>}
            </li>
          ))}
        </ol>
        {otherInterim && (
          <p className="interim" aria-hidden="true" data-testid="speaker-interim">
            <span className="entry-speaker">{speakerLabel(t, otherInterim)}</span> {otherInterim.text}
          </p>
        )}
        {interim && (
          <p className="interim" aria-hidden="true">
            {interim}
          </p>
        )}
      </div>
    </section>
  );
}
