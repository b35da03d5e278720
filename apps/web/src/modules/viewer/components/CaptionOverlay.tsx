import { useEffect } from 'react';
import { useViewerRoom } from '../hooks/useViewerRoom';
import type { CaptionOptions } from '../caption-options';
import { displayText } from './MessageList';

/** A class on <html> while the overlay is shown, so the page behind it is transparent too. */
const PAGE_CLASS = 'captions-mode';

/**
 * The last lines of the translation, large and alone on the page, for a streaming program's browser source or a
 * projector. Same live path as the viewer page: it joins with `since` after a drop and loses nothing.
 */
export function CaptionOverlay({ roomId, options }: { roomId: string; options: CaptionOptions }) {
  const viewer = useViewerRoom({ roomId, lang: options.lang });
  const lines = viewer.messages.slice(-options.lines);

  useEffect(() => {
    document.documentElement.classList.add(PAGE_CLASS);
    return () => document.documentElement.classList.remove(PAGE_CLASS);
  }, []);

  return (
    <main
      className="captions"
      data-testid="captions"
      data-status={viewer.status}
      // Set through the DOM by React, which the style-src policy allows.
      style={{ fontSize: `${options.size}px`, color: options.color, background: options.background ?? 'transparent' }}
    >
      <div className="captions-lines" aria-live="polite">
        {lines.map((message) => (
          <p key={message.seq} className="caption-line" data-testid="caption-line" data-seq={message.seq} lang={message.lang}>
            {displayText(message)}
          </p>
        ))}
      </div>
    </main>
  );
}
