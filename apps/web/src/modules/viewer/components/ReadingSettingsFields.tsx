import { useId } from 'react';
import { useT } from '../../../i18n/useT';
import { LINE_LIMITS, TEXT_SIZES, THEMES, type ReadingSettings, type ReadingSurface } from '../reading-settings';

interface ChoiceProps<T extends string | number> {
  legend: string;
  name: string;
  options: readonly T[];
  value: T;
  label: (option: T) => string;
  onChange: (option: T) => void;
  testId: string;
}

/** A group of radio buttons shown as chips: arrows move between them, the legend names the group. */
function Choice<T extends string | number>({ legend, name, options, value, label, onChange, testId }: ChoiceProps<T>) {
  return (
    <fieldset className="reading-choice" data-testid={testId}>
      <legend className="field-label">{legend}</legend>
      <div className="reading-options">
        {options.map((option) => (
          <label key={option} className="reading-option">
            <input type="radio" name={name} value={option} checked={value === option} onChange={() => onChange(option)} />
            <span>{label(option)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Text size, colours and lines on screen; on the overlay, the address's own colours and lines are the first choice. */
export function ReadingSettingsFields({
  settings,
  onChange,
  surface,
}: {
  settings: ReadingSettings;
  onChange: (change: Partial<ReadingSettings>) => void;
  surface: ReadingSurface;
}) {
  const t = useT();
  const id = useId();
  const fromAddress = surface === 'overlay' ? t('overlay.asAddress') : null;
  const sizeLabel = {
    normal: t('viewer.captionSize.normal'),
    large: t('viewer.captionSize.large'),
    larger: t('viewer.captionSize.larger'),
    largest: t('viewer.captionSize.largest'),
  };
  const themeLabel = {
    system: fromAddress ?? t('viewer.theme.system'),
    light: t('viewer.theme.light'),
    dark: t('viewer.theme.dark'),
    contrast: t('viewer.theme.contrast'),
  };
  return (
    <>
      <Choice
        legend={t('viewer.captionSize')}
        name={`${id}-size`}
        options={TEXT_SIZES}
        value={settings.size}
        label={(option) => sizeLabel[option]}
        onChange={(size) => onChange({ size })}
        testId="reading-size"
      />
      <Choice
        legend={t('viewer.theme')}
        name={`${id}-theme`}
        options={THEMES}
        value={settings.theme}
        label={(option) => themeLabel[option]}
        onChange={(theme) => onChange({ theme })}
        testId="reading-theme"
      />
      <Choice
        legend={t('viewer.lines')}
        name={`${id}-lines`}
        options={LINE_LIMITS}
        value={settings.lines}
        label={(option) => (option === 0 ? (fromAddress ?? t('viewer.lines.all')) : String(option))}
        onChange={(lines) => onChange({ lines })}
        testId="reading-lines"
      />
    </>
  );
}
