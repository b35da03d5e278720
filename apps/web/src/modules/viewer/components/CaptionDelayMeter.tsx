import { Icon } from '../../../components/Icon';
import { useLocale } from '../../../i18n/useLocale';
import { useT } from '../../../i18n/useT';
import { delaySeconds, delayTone } from '../caption-delay';

/**
 * How far behind the speaker the captions are, at a glance. Not a live region: a figure that changes with
 * every sentence would interrupt a screen reader's user as they read; they find it in the header.
 */
export function CaptionDelayMeter({ delayMs }: { delayMs: number | null }) {
  const t = useT();
  const { locale } = useLocale();
  const known = delayMs !== null;
  let text = t('viewer.delay.unknown');
  if (known) {
    const { value, fractionDigits } = delaySeconds(delayMs);
    const seconds = new Intl.NumberFormat(locale, { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }).format(
      value,
    );
    text = t('viewer.delay.behind', { seconds });
  }
  return (
    <span
      className={`badge badge-${known ? delayTone(delayMs) : 'muted'} delay-meter`}
      data-testid="caption-delay"
      data-known={known}
      data-delay-ms={known ? Math.round(delayMs) : undefined}
      title={t('viewer.delay.hint')}
    >
      <Icon name="clock" />
      <span className="visually-hidden">{t('viewer.delay.label')}: </span>
      {text}
    </span>
  );
}
