import { ORIGINAL_PREFIX, textDirection, type InterimFrame, type TranslationFrame } from '@lt/contracts';
import { useRef } from 'react';
import { Icon } from '../../../components/Icon';
import { useLocale } from '../../../i18n/useLocale';
import { useT } from '../../../i18n/useT';
import { clockTime } from '../../../lib/clock';
import { speakerLabel } from '../../live/speaker-label';
import { useFollowNewest } from '../hooks/useFollowNewest';

interface MessageListProps {
  messages: readonly TranslationFrame[];
  interim: InterimFrame | null;
  hasLanguage: boolean;
  /** More than one person has spoken: each line starts with its speaker's name. */
  showSpeakers?: boolean;
}

/** An untranslated line is marked once, by its badge: the server's `[Original] ` prefix would say it twice. */
export function displayText(message: TranslationFrame): string {
  return message.fallback === 'original' && message.text.startsWith(ORIGINAL_PREFIX)
    ? message.text.slice(ORIGINAL_PREFIX.length)
    : message.text;
}

/** The language a line is written in: an untranslated line is in the host's. */
export const lineLanguage = (message: TranslationFrame) => (message.fallback === 'original' ? message.sourceLanguage : message.lang);

/** A line's speaker, read before its text: in the page's language, not the line's. */
function SpeakerName({ line, locale }: { line: { speakerId: string; speakerName: string }; locale: string }) {
  const t = useT();
  return (
    <span className="message-speaker" data-testid="message-speaker" lang={locale} dir="auto">
      {speakerLabel(t, line)}
      <span className="visually-hidden">:</span>
    </span>
  );
}

export function MessageList({ messages, interim, hasLanguage, showSpeakers = false }: MessageListProps) {
  const t = useT();
  const { locale } = useLocale();
  const listRef = useRef<HTMLDivElement>(null);
  const lastSeq = messages.at(-1)?.seq;
  const { following, jumpToNewest } = useFollowNewest(listRef, `${lastSeq}:${messages.length}:${interim?.text ?? ''}`);
  const backToNewest = () => {
    jumpToNewest();
    // The button goes away: the keyboard stays with the captions it brought back.
    listRef.current?.focus({ preventScroll: true });
  };

  return (
    <section className="card messages-card" aria-labelledby="messages-title">
      <h2 id="messages-title" className="visually-hidden">
        {t('viewer.messages')}
      </h2>
      <div
        ref={listRef}
        className="scroll-list viewer-list"
        role="log"
        aria-live="polite"
        aria-labelledby="messages-title"
        data-testid="message-list"
        tabIndex={0}
      >
        {!hasLanguage && <p className="empty prompt">{t('viewer.pickPrompt')}</p>}
        {hasLanguage && messages.length === 0 && !interim && <p className="empty">{t('viewer.empty')}</p>}
        <ol className="messages">
          {messages.map((message) => (
            <li
              key={message.seq}
              className={message.fallback === 'original' ? 'message message-original' : 'message'}
              data-testid="translated-message"
              data-seq={message.seq}
              data-lang={message.lang}
              lang={lineLanguage(message)}
              dir={textDirection(lineLanguage(message))}
            >
              <div className="message-meta">
                {showSpeakers && <SpeakerName line={message} locale={locale} />}
                {/* The clock is in the page's locale, not the line's: its own direction keeps `09:18 AM` in order. */}
                <time dateTime={message.timestamp} title={t('viewer.time', { time: clockTime(message.timestamp) })} dir="auto">
                  {clockTime(message.timestamp, false)}
                </time>
                {message.fallback === 'original' && (
                  <span className="tag" title={t('viewer.originalHint')} data-testid="original-badge">
                    {t('viewer.original')}
                  </span>
                )}
                {message.fallback === 'service' && (
                  <span className="tag" title={t('viewer.serviceHint')} data-testid="service-badge">
                    {t('viewer.service')}
                  </span>
                )}
              </div>
              <p className="message-text">{displayText(message)}</p>
            </li>
          ))}
        </ol>
        {hasLanguage && interim && (
          <p
            className="interim"
            data-testid="interim-line"
            aria-hidden="true"
            lang={interim.sourceLanguage}
            dir={textDirection(interim.sourceLanguage)}
          >
            <span className="visually-hidden">{t('viewer.interim')}: </span>
            {showSpeakers && (
              <>
                <SpeakerName line={interim} locale={locale} />{' '}
              </>
            )}
            {interim.text}
          </p>
        )}
      </div>
      {!following && messages.length > 0 && (
        <button type="button" className="btn btn-primary new-captions" data-testid="new-captions" onClick={backToNewest}>
          <Icon name="chevronDown" />
          {t('viewer.newCaptions')}
        </button>
      )}
    </section>
  );
}
