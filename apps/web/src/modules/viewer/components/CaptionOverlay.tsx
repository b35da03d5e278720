import { textDirection } from '@lt/contracts';
import { useLocale } from '../../../i18n/useLocale';
import { useT } from '../../../i18n/useT';
import { speakerLabel } from '../../live/speaker-label';
import { useReadingSettings } from '../hooks/useReadingSettings';
import { useViewerRoom } from '../hooks/useViewerRoom';
import type { CaptionOptions } from '../caption-options';
import { SIZE_SCALE } from '../reading-settings';
import { CaptionProblem, useTransparentPage } from './CaptionProblem';
import { displayText, lineLanguage } from './MessageList';
import { ViewerSettings } from './ViewerSettings';

/**
 * The last lines of the translation, large and alone on the page, for a streaming program's browser source or a
 * projector. Same live path as the viewer page: it joins with `since` after a drop and loses nothing. The
 * address sets its look; reading settings chosen on the page itself (a projector's browser) go over it. With
 * several speakers (co-hosts), each line starts with its speaker's name, as on the viewer page.
 */
export function CaptionOverlay({ roomId, options }: { roomId: string; options: CaptionOptions }) {
  const viewer = useViewerRoom({ roomId, lang: options.lang });
  const t = useT();
  const { locale } = useLocale();
  const [reading, setReading] = useReadingSettings('overlay');
  const lines = viewer.messages.slice(-(reading.lines || options.lines));
  const themed = reading.theme !== 'system';

  useTransparentPage();

  if (viewer.notFound) return <CaptionProblem kind="not-found" />;
  return (
    <main
      className="captions"
      data-testid="captions"
      data-status={viewer.status}
      data-theme={themed ? reading.theme : undefined}
      // Set through the DOM by React, which the style-src policy allows.
      style={{
        fontSize: `${Math.round(options.size * SIZE_SCALE[reading.size])}px`,
        ...(themed ? {} : { color: options.color, background: options.background ?? 'transparent' }),
      }}
    >
      <ViewerSettings reading={reading} onReading={setReading} surface="overlay" />
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
            {viewer.severalSpeakers && (
              <span className="caption-speaker" data-testid="caption-speaker" lang={locale} dir="auto">
                {speakerLabel(t, message)}:{' '}
              </span>
            )}
            {displayText(message)}
          </p>
        ))}
      </div>
    </main>
  );
}
