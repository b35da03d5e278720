import type { InterimFrame, TranslationFrame } from '@lt/contracts';
import { useEffect, useRef } from 'react';
import { useT } from '../../../i18n/useT';

/** The spec scrolls 100 ms after new text, once the browser has laid it out. */
export const AUTOSCROLL_DELAY_MS = 100;

interface MessageListProps {
  messages: readonly TranslationFrame[];
  interim: InterimFrame | null;
  hasLanguage: boolean;
}

export function MessageList({ messages, interim, hasLanguage }: MessageListProps) {
  const t = useT();
  const listRef = useRef<HTMLDivElement>(null);
  const lastSeq = messages.at(-1)?.seq;

  useEffect(() => {
    const timer = setTimeout(() => {
      const list = listRef.current;
      if (list) list.scrollTop = list.scrollHeight;
    }, AUTOSCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [lastSeq, messages.length, interim?.text]);

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
              lang={message.fallback === 'original' ? message.sourceLanguage : message.lang}
            >
              {message.fallback === 'original' && (
                <span className="tag" title={t('viewer.originalHint')}>
                  {t('viewer.original')}
                </span>
              )}
              <p className="message-text">{message.text}</p>
            </li>
          ))}
        </ol>
        {hasLanguage && interim && (
          <p className="interim" data-testid="interim-line" aria-hidden="true" lang={interim.sourceLanguage}>
            <span className="visually-hidden">{t('viewer.interim')}: </span>
            {interim.text}
          </p>
        )}
      </div>
    </section>
  );
}
