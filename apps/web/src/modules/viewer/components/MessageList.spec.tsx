import type { TranslationFrame } from '@lt/contracts';
import { act, fireEvent, render as renderPlain, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nProvider } from '../../../i18n/I18nProvider';
import { AUTOSCROLL_DELAY_MS } from '../hooks/useFollowNewest';
import { MessageList } from './MessageList';

const line = (seq: number): TranslationFrame => ({
  type: 'translation',
  messageId: `m-${seq}`,
  seq,
  lang: 'en',
  text: `Line ${seq}`,
  sourceLanguage: 'es',
  timestamp: '2026-01-01T10:00:00.000Z',
  speakerId: 'host-1',
  speakerName: 'Host',
});

const render = (ui: ReactElement) =>
  renderPlain(ui, { wrapper: ({ children }) => <I18nProvider initialLocale="en">{children}</I18nProvider> });

const lines = (count: number) => Array.from({ length: count }, (_, i) => line(i + 1));

/** A list 300 px tall holding `height` px of captions, as the browser would lay it out. */
function sized(height: number) {
  const list = screen.getByTestId('message-list');
  Object.defineProperty(list, 'clientHeight', { value: 300, configurable: true });
  Object.defineProperty(list, 'scrollHeight', { value: height, configurable: true });
  return list;
}

function scrollTo(list: HTMLElement, top: number) {
  list.scrollTop = top;
  fireEvent.scroll(list);
}

const settle = () => act(() => jest.advanceTimersByTime(AUTOSCROLL_DELAY_MS));
const newCaptions = () => screen.queryByTestId('new-captions');

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('the caption list', () => {
  it('follows the newest line while the viewer is at the end', () => {
    const { rerender } = render(<MessageList messages={lines(10)} interim={null} hasLanguage />);
    const list = sized(1000);
    settle();
    expect(list.scrollTop).toBe(1000);
    scrollTo(list, 700);
    sized(1100);
    rerender(<MessageList messages={lines(11)} interim={null} hasLanguage />);
    settle();
    expect(list.scrollTop).toBe(1100);
    expect(newCaptions()).toBeNull();
  });

  it('stays where a viewer who scrolled back is reading, and offers the way back to the newest line', () => {
    const { rerender } = render(<MessageList messages={lines(10)} interim={null} hasLanguage />);
    const list = sized(1000);
    settle();
    scrollTo(list, 700);
    scrollTo(list, 250);
    expect(newCaptions()?.textContent).toBe('New captions');

    sized(1100);
    rerender(<MessageList messages={lines(11)} interim={null} hasLanguage />);
    settle();
    expect(list.scrollTop).toBe(250);

    fireEvent.click(newCaptions() as HTMLElement);
    expect(list.scrollTop).toBe(1100);
    expect(newCaptions()).toBeNull();
    expect(document.activeElement).toBe(list);
  });

  it('follows again once the viewer scrolls down to the end by themselves', () => {
    render(<MessageList messages={lines(10)} interim={null} hasLanguage />);
    const list = sized(1000);
    settle();
    fireEvent.scroll(list);
    scrollTo(list, 400);
    expect(newCaptions()).not.toBeNull();
    scrollTo(list, 690);
    expect(newCaptions()).toBeNull();
  });

  it('offers nothing before there is a line to go back to', () => {
    render(<MessageList messages={[]} interim={null} hasLanguage />);
    const list = sized(300);
    scrollTo(list, 0);
    expect(newCaptions()).toBeNull();
  });
});
