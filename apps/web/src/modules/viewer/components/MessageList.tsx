import { ORIGINAL_PREFIX, textDirection, type InterimFrame, type TranslationFrame } from '@lt/contracts';
import { useRef } from 'react';
import { Icon } from '../../../components/Icon';
import { Spinner } from '../../../components/Spinner';
import { useLocale } from '../../../i18n/useLocale';
import { useT } from '../../../i18n/useT';
import { clockTime } from '../../../lib/clock';
import { speakerLabel } from '../../live/speaker-label';
import { useFollowNewest } from '../hooks/useFollowNewest';
import { emptyProvisional, type ProvisionalLine, type ProvisionalState } from '../provisional-lines';

interface MessageListProps {
  messages: readonly TranslationFrame[];
  interim: InterimFrame | null;
  /** Fast captions: translated lines on their way, shown after the final ones and replaced by them. */
  provisional?: ProvisionalState;
  hasLanguage: boolean;
  /** More than one person has spoken: each line starts with its speaker's name. */
  showSpeakers?: boolean;
  /** Lines said before this viewer arrived are on their way (translated into its language first). */
  historyLoading?: boolean;
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

/**
 * A line on its way (a growing translation, or the speaker's interim line translated): laid out as the final
 * line that replaces it, so the list does not jump; hidden from screen readers, which announce finals only.
 */
function ProvisionalItem({ line, showSpeakers, locale }: { line: ProvisionalLine; showSpeakers: boolean; locale: string }) {
  return (
    <li
      className="message message-provisional"
      data-testid={line.seq ? 'partial-line' : 'interim-translation'}
      data-seq={line.seq || undefined}
      aria-hidden="true"
      lang={line.lang}
      dir={textDirection(line.lang)}
    >
      <div className="message-meta">
        {showSpeakers && <SpeakerName line={line} locale={locale} />}
        <time dateTime={line.timestamp} dir="auto">
          {clockTime(line.timestamp, false)}
        </time>
      </div>
      <p className="message-text">{line.text}</p>
    </li>
  );
}

export function MessageList({
  messages,
  interim,
  provisional = emptyProvisional,
  hasLanguage,
  showSpeakers = false,
  historyLoading = false,
}: MessageListProps) {
  const t = useT();
  const { locale } = useLocale();
  const listRef = useRef<HTMLDivElement>(null);
  const lastSeq = messages.at(-1)?.seq;
  const lines = hasLanguage ? [...provisional.partials, ...(provisional.translated ? [provisional.translated] : [])] : [];
  // The untranslated interim line gives way to its translation, and goes once its sentence is final.
  const replaced =
    interim &&
    (provisional.translated?.speakerId === interim.speakerId ||
      Date.parse(interim.timestamp) < (provisional.finalAt[interim.speakerId] ?? 0));
  const shownInterim = replaced ? null : interim;
  const followKey = `${lastSeq}:${messages.length}:${shownInterim?.text ?? ''}:${lines.map((l) => l.text).join('|')}`;
  const { following, jumpToNewest } = useFollowNewest(listRef, followKey);
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
        {hasLanguage &&
          messages.length === 0 &&
          !interim &&
          lines.length === 0 &&
          (historyLoading ? (
            <div className="empty history-loading">
              <Spinner label={t('viewer.historyLoading')} testId="history-loading" />
            </div>
          ) : (
            <p className="empty">{t('viewer.empty')}</p>
          ))}
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
          {lines.map((line) => (
            <ProvisionalItem key={line.seq || `interim-${line.speakerId}`} line={line} showSpeakers={showSpeakers} locale={locale} />
          ))}
        </ol>
        {hasLanguage && shownInterim && (
          <p
            className="interim"
            data-testid="interim-line"
            aria-hidden="true"
            lang={shownInterim.sourceLanguage}
            dir={textDirection(shownInterim.sourceLanguage)}
          >
            <span className="visually-hidden">{t('viewer.interim')}: </span>
            {showSpeakers && (
              <>
                <SpeakerName line={shownInterim} locale={locale} />{' '}
              </>
            )}
            {shownInterim.text}
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
