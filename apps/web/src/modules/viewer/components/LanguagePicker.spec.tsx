import type { LanguageCode } from '@lt/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { LanguagePicker } from './LanguagePicker';

function Harness({ initial = null, preferred = [] }: { initial?: LanguageCode | null; preferred?: string[] }) {
  const [value, setValue] = useState<LanguageCode | null>(initial);
  return (
    <>
      <LanguagePicker value={value} onChange={setValue} preferred={preferred} />
      <span data-testid="chosen">{value ?? ''}</span>
    </>
  );
}

const box = () => screen.getByRole('combobox');
const options = () => screen.queryAllByRole('option').map((o) => o.dataset.code);
const active = () => document.getElementById(box().getAttribute('aria-activedescendant') ?? '')?.dataset.code;
const chosen = () => screen.getByTestId('chosen').textContent;
const type = (text: string) => fireEvent.change(box(), { target: { value: text } });
const key = (name: string) => fireEvent.keyDown(box(), { key: name });

describe('the viewer language picker', () => {
  it('is a labelled combobox whose list opens on focus, every language in it', () => {
    render(<Harness />);
    expect(screen.getByLabelText('Your language')).toBe(box());
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).toBeNull();
    fireEvent.focus(box());
    expect(box().getAttribute('aria-expanded')).toBe('true');
    expect(box().getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id);
    expect(options()).toHaveLength(52);
    expect(screen.getByRole('status').textContent).toBe('52 languages');
  });

  it('finds a language by its native name, its English name or its code', () => {
    render(<Harness />);
    fireEvent.focus(box());
    type('العربية');
    expect(options()).toEqual(['ar']);
    type('hebr');
    expect(options()).toEqual(['he']);
    type('zh-hant');
    expect(options()).toEqual(['zh-Hant']);
    type('Deutsch');
    expect(options()).toEqual(['de']);
    type('klingon');
    expect(options()).toEqual([]);
    expect(screen.getByTestId('language-no-match').textContent).toContain('klingon');
  });

  it('suggests the browser languages first, then all the others once', () => {
    render(<Harness preferred={['ar-EG', 'fr-FR', 'en-US']} />);
    fireEvent.focus(box());
    const groups = screen.getAllByRole('group');
    expect(
      groups.map((g) => g.getAttribute('aria-labelledby') && document.getElementById(g.getAttribute('aria-labelledby') ?? '')?.textContent),
    ).toEqual(['Your browser languages', 'All languages']);
    expect(options().slice(0, 3)).toEqual(['ar', 'fr', 'en']);
    expect(options().filter((c) => c === 'ar')).toHaveLength(1);
    expect(options()).toHaveLength(52);
  });

  it('works from the keyboard: arrows move, Enter picks, Escape closes without a change', () => {
    render(<Harness preferred={['ar']} />);
    fireEvent.focus(box());
    expect(active()).toBe('ar');
    key('ArrowDown');
    expect(active()).toBe('es');
    key('ArrowUp');
    key('ArrowUp');
    expect(active()).toBe('ar');
    key('ArrowDown');
    key('Enter');
    expect(chosen()).toBe('es');
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect((box() as HTMLInputElement).value).toBe('Español');

    key('ArrowDown');
    expect(box().getAttribute('aria-expanded')).toBe('true');
    expect(active()).toBe('es');
    type('swed');
    key('Escape');
    expect(chosen()).toBe('es');
    expect(box().getAttribute('aria-expanded')).toBe('false');

    fireEvent.focus(box());
    type('japan');
    key('Enter');
    expect(chosen()).toBe('ja');
  });

  it('picks with a click, and shows the choice in its own script and direction', () => {
    render(<Harness />);
    fireEvent.focus(box());
    type('arabic');
    fireEvent.click(screen.getByRole('option'));
    expect(chosen()).toBe('ar');
    expect((box() as HTMLInputElement).value).toBe('العربية');
    expect(box().getAttribute('dir')).toBe('rtl');
    expect(box().getAttribute('lang')).toBe('ar');
  });

  it('marks the current language in the list and starts on it', () => {
    render(<Harness initial="uk" />);
    fireEvent.focus(box());
    expect(active()).toBe('uk');
    expect(screen.getAllByRole('option').find((o) => o.dataset.current === 'true')?.dataset.code).toBe('uk');
    expect(
      screen
        .getAllByRole('option')
        .find((o) => o.dataset.code === 'uk')
        ?.getAttribute('aria-selected'),
    ).toBe('true');
  });
});
