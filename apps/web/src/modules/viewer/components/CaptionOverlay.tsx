import { textDirection } from '@lt/contracts';
import { useViewerRoom } from '../hooks/useViewerRoom';
import type { CaptionOptions } from '../caption-options';
import { CaptionProblem, useTransparentPage } from './CaptionProblem';
import { displayText, lineLanguage } from './MessageList';

/**
 * The last lines of the translation, large and alone on the page, for a streaming program's browser source or a
 * projector. Same live path as the viewer page: it joins with `since` after a drop and loses nothing.
 */
export function CaptionOverlay({ roomId, options }: { roomId: string; options: CaptionOptions }) {
  const viewer = useViewerRoom({ roomId, lang: options.lang });
  const lines = viewer.messages.slice(-options.lines);

  useTransparentPage();

  if (viewer.notFound) return <CaptionProblem kind="not-found" />;
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
          <p
            key={message.seq}
            className="caption-line"
            data-testid="caption-line"
            data-seq={message.seq}
            lang={lineLanguage(message)}
            dir={textDirection(lineLanguage(message))}
          >
            {displayText(message)}
          </p>
        ))}
      </div>
    </main>
  );
}
