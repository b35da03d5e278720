import { act, fireEvent, screen } from '@testing-library/react';
import { FakeSocket, joinedFrame, ROOM_ID } from '../../test/fake-socket';
import { preloadPages, renderApp } from '../../test/render-app';
import { captionOptions, parseColour } from '../modules/viewer/caption-options';

beforeAll(preloadPages);

const translation = (seq: number, extra: Record<string, unknown> = {}) => ({
  type: 'translation',
  messageId: `m-${seq}`,
  seq,
  lang: 'fr',
  text: `Ligne ${seq}`,
  sourceLanguage: 'es',
  timestamp: '2026-01-01T10:00:00.000Z',
  speakerId: 'host-1',
  speakerName: 'Host',
  ...extra,
});

describe('Caption overlay', () => {
  it('shows only the last lines, large, on a transparent page, and joins like a viewer', () => {
    renderApp(`/view/${ROOM_ID}/captions?lang=fr&lines=2&size=64`);
    const socket = FakeSocket.latest();
    act(() => {
      socket.open();
      socket.receive(joinedFrame({ role: 'viewer', room: { name: 'Keynote', status: 'active', sourceLanguage: 'es' } }));
      [1, 2, 3].forEach((seq) => socket.receive(translation(seq)));
      socket.receive(translation(4, { text: '[Original] Hola', fallback: 'original' }));
    });
    expect(socket.sent[0]).toEqual({
      type: 'join',
      roomId: ROOM_ID,
      role: 'viewer',
      viewerId: expect.stringMatching(/^[0-9a-f]{32}$/),
      lang: 'fr',
    });
    expect(screen.getAllByTestId('caption-line').map((line) => line.textContent)).toEqual(['Ligne 3', 'Hola']);
    const captions = screen.getByTestId('captions');
    expect(captions.style.fontSize).toBe('64px');
    expect(captions.style.background).toBe('transparent');
    expect(document.documentElement.classList.contains('captions-mode')).toBe(true);
    // Only the reading settings' button, which shows under the pointer or the focus.
    expect(screen.getAllByRole('button').map((button) => button.dataset.testid)).toEqual(['overlay-settings']);
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('puts the reading settings chosen on the page over the address, at once and for the next visit', () => {
    window.localStorage.clear();
    const view = renderApp(`/view/${ROOM_ID}/captions?lang=fr&lines=2&size=40`);
    const socket = FakeSocket.latest();
    act(() => {
      socket.open();
      socket.receive(joinedFrame({ role: 'viewer', room: { name: 'Keynote', status: 'active', sourceLanguage: 'es' } }));
      [1, 2, 3, 4].forEach((seq) => socket.receive(translation(seq)));
    });
    fireEvent.click(screen.getByTestId('overlay-settings'));
    fireEvent.click(screen.getByRole('radio', { name: 'Huge' }));
    fireEvent.click(screen.getByRole('radio', { name: 'High contrast' }));
    fireEvent.click(screen.getByRole('radio', { name: '3' }));
    const captions = screen.getByTestId('captions');
    expect(captions.style.fontSize).toBe('80px');
    expect(captions.dataset.theme).toBe('contrast');
    expect(captions.style.background).toBe('');
    expect(screen.getAllByTestId('caption-line').map((line) => line.textContent)).toEqual(['Ligne 2', 'Ligne 3', 'Ligne 4']);
    expect(JSON.parse(window.localStorage.getItem('lt.reading.overlay') ?? '{}')).toEqual({ size: 'largest', theme: 'contrast', lines: 3 });

    view.unmount();
    renderApp(`/view/${ROOM_ID}/captions?lang=fr&lines=2&size=40`);
    expect(screen.getByTestId('captions').style.fontSize).toBe('80px');
    expect(screen.getByTestId('captions').dataset.theme).toBe('contrast');
    window.localStorage.clear();
  });

  it('names the speaker before each line once a guest has spoken, and nobody while only the host speaks', () => {
    window.localStorage.setItem('lt.locale', 'en');
    renderApp(`/view/${ROOM_ID}/captions?lang=fr&lines=3`);
    const socket = FakeSocket.latest();
    act(() => {
      socket.open();
      socket.receive(joinedFrame({ role: 'viewer', room: { name: 'Keynote', status: 'active', sourceLanguage: 'es' } }));
      socket.receive(translation(1));
    });
    const lines = () => screen.getAllByTestId('caption-line').map((line) => line.textContent);
    expect(lines()).toEqual(['Ligne 1']);
    act(() => socket.receive(translation(2, { speakerId: '0d9e3c57-1b2a-4c3d-8e4f-5a6b7c8d9e0f', speakerName: 'Ana' })));
    expect(lines()).toEqual(['Host: Ligne 1', 'Ana: Ligne 2']);
    // In the page's language, apart from the line's own.
    expect(screen.getAllByTestId('caption-speaker').map((name) => name.lang)).toEqual(['en', 'en']);
  });

  it('writes each line in its language and direction', () => {
    renderApp(`/view/${ROOM_ID}/captions?lang=he`);
    const socket = FakeSocket.latest();
    act(() => {
      socket.open();
      socket.receive(joinedFrame({ role: 'viewer', room: { name: 'Keynote', status: 'active', sourceLanguage: 'es' } }));
      socket.receive(translation(1, { lang: 'he', text: 'שלום לכולם' }));
      socket.receive(translation(2, { lang: 'he', text: '[Original] Hola', fallback: 'original' }));
    });
    expect(screen.getAllByTestId('caption-line').map((line) => [line.textContent, line.lang, line.dir])).toEqual([
      ['שלום לכולם', 'he', 'rtl'],
      ['Hola', 'es', 'ltr'],
    ]);
  });

  it('reads its options from the address, with sensible bounds', () => {
    expect(captionOptions(new URLSearchParams(''))).toEqual({ lang: null, lines: 2, size: 48, background: null, color: '#ffffff' });
    expect(captionOptions(new URLSearchParams('lang=de&lines=99&size=5&bg=000000&color=yellow'))).toEqual({
      lang: 'de',
      lines: 10,
      size: 12,
      background: '#000000',
      color: 'yellow',
    });
    expect(parseColour('transparent')).toBeNull();
    expect(parseColour('#12ab34')).toBe('#12ab34');
    expect(parseColour('url(x)')).toBeNull();
  });
});
