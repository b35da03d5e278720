import { findLanguage, type Language, type LanguageCode } from '@lt/contracts';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useT } from '../../../i18n/useT';
import { pickerOptions } from '../language-search';
import { languageTitleIn } from '../../../lib/language-names';
import { useLocale } from '../../../i18n/useLocale';

interface LanguagePickerProps {
  value: LanguageCode | null;
  onChange: (code: LanguageCode) => void;
  /** The browser's preferred languages, suggested first. */
  preferred?: readonly string[];
}

const browserLanguages = (): readonly string[] => (typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]));

/** On a touch screen a choice also closes the keyboard, which would hide the captions. */
const coarsePointer = () => typeof window !== 'undefined' && window.matchMedia?.('(pointer: coarse)').matches;

/**
 * The viewer's language: a searchable combobox (the ARIA editable combobox with a list popup). Typing filters by
 * native name, English name or code; the arrows move through the list, Enter picks, Escape closes.
 */
export function LanguagePicker({ value, onChange, preferred = browserLanguages() }: LanguagePickerProps) {
  const t = useT();
  const { locale } = useLocale();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const selected = findLanguage(value);

  const { suggested, rest } = useMemo(() => pickerOptions(query, preferred, locale), [query, preferred, locale]);
  const options = useMemo(() => [...suggested, ...rest], [suggested, rest]);
  const optionId = (code: string) => `${id}-option-${code}`;
  const activeOption = open ? options[Math.min(active, options.length - 1)] : undefined;

  const activeId = activeOption ? optionId(activeOption.code) : undefined;

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  const show = () => {
    if (open) return;
    setQuery('');
    const current = pickerOptions('', preferred, locale);
    setActive(
      Math.max(
        0,
        [...current.suggested, ...current.rest].findIndex((l) => l.code === value),
      ),
    );
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    setQuery('');
  };
  const choose = (language: Language, byPointer: boolean) => {
    onChange(language.code);
    close();
    if (byPointer && coarsePointer()) inputRef.current?.blur();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = options.length - 1;
    const moves: Record<string, () => number> = {
      ArrowDown: () => Math.min(active + 1, last),
      ArrowUp: () => Math.max(active - 1, 0),
      PageDown: () => Math.min(active + 10, last),
      PageUp: () => Math.max(active - 10, 0),
    };
    if (event.key in moves) {
      event.preventDefault();
      if (!open) show();
      else setActive(moves[event.key]());
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      if (activeOption) choose(activeOption, false);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
    }
  };

  const renderOption = (language: Language) => {
    const isActive = language.code === activeOption?.code;
    return (
      <li
        key={language.code}
        id={optionId(language.code)}
        role="option"
        aria-selected={isActive}
        data-current={language.code === value}
        data-code={language.code}
        data-testid="language-option"
        className={isActive ? 'picker-option picker-option-active' : 'picker-option'}
        // Keeps the focus in the search box, so a click is a choice and not a blur.
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => choose(language, true)}
      >
        <span className="picker-native" lang={language.code} dir={language.dir}>
          {language.name}
        </span>
        <span className="picker-english">{languageTitleIn(language, locale)}</span>
        <span className="picker-code">{language.code}</span>
      </li>
    );
  };

  const group = (key: string, label: string, list: Language[]) =>
    list.length > 0 && (
      <li role="presentation" key={key}>
        <p className="picker-group" id={`${id}-${key}`} aria-hidden="true">
          {label}
        </p>
        <ul role="group" aria-labelledby={`${id}-${key}`} className="picker-options">
          {list.map(renderOption)}
        </ul>
      </li>
    );

  return (
    <div className="field language-picker">
      <label htmlFor={`${id}-input`} className="field-label">
        {t('viewer.language')}
      </label>
      {/* Its own direction, so that the arrow sits at the end of the box whichever way the name reads. */}
      <div className="picker-box" dir={open ? undefined : selected?.dir}>
        <input
          ref={inputRef}
          id={`${id}-input`}
          className="input picker-input"
          role="combobox"
          aria-expanded={open}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="done"
          data-testid="viewer-language"
          data-value={value ?? ''}
          value={open ? query : (selected?.name ?? '')}
          lang={open ? undefined : selected?.code}
          dir={open ? 'auto' : selected?.dir}
          placeholder={open ? t('viewer.languageSearch') : t('viewer.selectLanguage')}
          onFocus={show}
          onClick={show}
          onBlur={close}
          onKeyDown={onKeyDown}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
            setOpen(true);
          }}
        />
      </div>
      {open && (
        <ul id={`${id}-list`} role="listbox" aria-label={t('viewer.language')} className="picker-list" data-testid="language-options">
          {group('suggested', t('viewer.languageSuggested'), suggested)}
          {group('all', t('viewer.languageAll'), rest)}
        </ul>
      )}
      {open && options.length === 0 && (
        <p className="picker-empty" data-testid="language-no-match">
          {t('viewer.languageNoMatch', { query })}
        </p>
      )}
      <p className="visually-hidden" role="status">
        {open ? t('viewer.languageResults', { count: options.length }) : ''}
      </p>
    </div>
  );
}
