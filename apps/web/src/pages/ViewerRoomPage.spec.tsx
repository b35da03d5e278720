import type { LanguageCode } from '@lt/contracts';
import { act, fireEvent, screen } from '@testing-library/react';
import { makeProfile, makeSession, routeFetch, storeSession } from '../../test/auth-fixtures';
import { FakeSocket, joinedFrame, ROOM_ID } from '../../test/fake-socket';
import { jsonResponse, renderApp, preloadPages } from '../../test/render-app';

beforeAll(preloadPages);

function translation(seq: number, lang: LanguageCode = 'en', extra: Record<string, unknown> = {}) {
  return {
    type: 'translation',
    messageId: `m-${seq}`,
    seq,
    lang,
    text: `Message ${seq} in ${lang}`,
    sourceLanguage: 'es',
    timestamp: '2026-01-01T10:00:00.000Z',
    speakerId: 'host-1',
    speakerName: 'Host',
    ...extra,
  };
}

function roomEvent(type: 'room_start' | 'room_end') {
  return { type, roomId: ROOM_ID, messageId: `${type}-1`, timestamp: '2026-01-01T10:00:00.000Z', sourceLanguage: 'de' };
}

function joinServer(status = 'active', seq = 0): FakeSocket {
  const socket = FakeSocket.latest();
  act(() => {
    socket.open();
    socket.receive(joinedFrame({ role: 'viewer', room: { name: 'Keynote', status, sourceLanguage: 'es' }, seq }));
  });
  return socket;
}

const send = (socket: FakeSocket, ...frames: object[]) => act(() => frames.forEach((frame) => socket.receive(frame)));
const shown = () => screen.queryAllByTestId('translated-message').map((m) => Number(m.dataset.seq));
const status = () => screen.getByTestId('viewer-status').textContent;

beforeEach(() => {
  jest.useFakeTimers();
  window.localStorage.clear();
});
afterEach(() => jest.useRealTimers());

describe('Viewer room', () => {
  it("adds a signed-in viewer's access token to the join frame", async () => {
    const session = makeSession();
    storeSession(session);
    routeFetch({ 'GET /api/profile': () => jsonResponse(200, makeProfile()) });
    renderApp(`/view/${ROOM_ID}?lang=en`);
    const socket = joinServer();
    expect(socket.sent[0]).toEqual({ type: 'join', roomId: ROOM_ID, role: 'viewer', lang: 'en', accessToken: session.access_token });
    await act(() => jest.advanceTimersByTimeAsync(0));
  });

  it('goes from Connecting to Waiting for host to Live and follows the host language', () => {
    renderApp(`/view/${ROOM_ID}?lang=en&name=Keynote`);
    expect(status()).toBe('Connecting');
    const socket = joinServer('scheduled');
    expect(socket.sent[0]).toEqual({ type: 'join', roomId: ROOM_ID, role: 'viewer', lang: 'en' });
    expect(status()).toBe('Waiting for host');
    expect(screen.getByTestId('host-language').textContent).toBe('Español');
    send(socket, roomEvent('room_start'));
    expect(status()).toBe('Live');
    expect(screen.getByTestId('host-language').textContent).toBe('Deutsch');
    send(socket, translation(1, 'en', { sourceLanguage: 'it' }));
    expect(screen.getByTestId('host-language').textContent).toBe('Italiano');
    send(socket, roomEvent('room_end'));
    expect(status()).toBe('Waiting for host');
  });

  it('shows each message once, in seq order, and asks once for a gap', () => {
    renderApp(`/view/${ROOM_ID}?lang=en`);
    const socket = joinServer();
    send(socket, translation(1), translation(2), translation(2), translation(5), translation(6), translation(1, 'fr'));
    expect(shown()).toEqual([1, 2, 5, 6]);
    expect(socket.sentOfType('resync')).toEqual([{ type: 'resync', since: 2 }]);
    send(socket, translation(4), translation(3));
    expect(shown()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(screen.getAllByTestId('translated-message').map((m) => m.dataset.lang)).toEqual(Array(6).fill('en'));
    expect(socket.sentOfType('resync')).toHaveLength(1);
  });

  it('re-joins after a drop with since = the last contiguous seq', () => {
    renderApp(`/view/${ROOM_ID}?lang=en`);
    const first = joinServer();
    send(first, translation(1), translation(2), translation(4));
    act(() => first.drop());
    expect(status()).toBe('Connecting');
    act(() => jest.advanceTimersByTime(3_000));
    const second = FakeSocket.latest();
    expect(second).not.toBe(first);
    act(() => second.open());
    expect(second.sent[0]).toEqual({ type: 'join', roomId: ROOM_ID, role: 'viewer', lang: 'en', since: 2 });
  });

  it('starts over in the new language and keeps it in the address', () => {
    renderApp(`/view/${ROOM_ID}?lang=en&name=Keynote`);
    const socket = joinServer();
    send(socket, translation(1), translation(2));
    fireEvent.change(screen.getByTestId('viewer-language'), { target: { value: 'fr' } });
    expect(shown()).toEqual([]);
    expect(socket.sentOfType('set_language')).toEqual([{ type: 'set_language', lang: 'fr' }]);
    expect(new URLSearchParams(window.location.search).get('lang')).toBe('fr');
    expect(new URLSearchParams(window.location.search).get('name')).toBe('Keynote');
    send(socket, translation(3, 'en'), translation(1, 'fr'), translation(2, 'fr'));
    expect(shown()).toEqual([1, 2]);
    expect(screen.getAllByTestId('translated-message')[0].textContent).toContain('Message 1 in fr');
  });

  it('asks a viewer without a language to pick one and shows no translations', () => {
    renderApp(`/view/${ROOM_ID}`);
    const socket = joinServer();
    expect(socket.sent[0]).toEqual({ type: 'join', roomId: ROOM_ID, role: 'viewer' });
    expect(screen.getByText('Select a language to read the translations.')).toBeTruthy();
    send(socket, translation(1));
    expect(shown()).toEqual([]);
    fireEvent.change(screen.getByTestId('viewer-language'), { target: { value: 'en' } });
    expect(socket.sentOfType('set_language')).toEqual([{ type: 'set_language', lang: 'en' }]);
  });

  it('marks untranslated text and shows one interim line until the translation arrives', () => {
    renderApp(`/view/${ROOM_ID}?lang=en`);
    const socket = joinServer();
    send(socket, translation(1, 'en', { text: '[Original] Hola', fallback: 'original' }));
    const message = screen.getByTestId('translated-message');
    expect(message.textContent).toBe('Original[Original] Hola');
    const interim = (text: string) => ({ ...translation(0), type: 'interim', roomId: ROOM_ID, text });
    send(socket, interim('Buenos'), interim('Buenos días'));
    expect(screen.getAllByTestId('interim-line').map((l) => l.textContent)).toEqual(['In progress: Buenos días']);
    send(socket, translation(2));
    expect(screen.queryByTestId('interim-line')).toBeNull();
  });

  it('scrolls the list 100 ms after new text', () => {
    renderApp(`/view/${ROOM_ID}?lang=en`);
    const socket = joinServer();
    const list = screen.getByTestId('message-list');
    Object.defineProperty(list, 'scrollHeight', { value: 900, configurable: true });
    send(socket, translation(1));
    act(() => jest.advanceTimersByTime(99));
    expect(list.scrollTop).toBe(0);
    act(() => jest.advanceTimersByTime(1));
    expect(list.scrollTop).toBe(900);
  });

  it('reads new translations aloud only when unmuted', () => {
    const speak = jest.fn();
    const cancel = jest.fn();
    Object.assign(window, { speechSynthesis: { speak, cancel } });
    (globalThis as { SpeechSynthesisUtterance?: unknown }).SpeechSynthesisUtterance = class {
      lang = '';
      constructor(readonly text: string) {}
    };
    try {
      renderApp(`/view/${ROOM_ID}?lang=en`);
      const socket = joinServer('active', 2);
      expect(screen.getByTestId('mute-toggle').textContent).toContain('Unmute');
      send(socket, translation(3));
      expect(speak).not.toHaveBeenCalled();
      fireEvent.click(screen.getByTestId('mute-toggle'));
      send(socket, translation(1), translation(4));
      expect(speak).toHaveBeenCalledTimes(1);
      expect(speak.mock.calls[0][0]).toMatchObject({ text: 'Message 4 in en', lang: 'en-US' });
    } finally {
      delete (window as { speechSynthesis?: unknown }).speechSynthesis;
      delete (globalThis as { SpeechSynthesisUtterance?: unknown }).SpeechSynthesisUtterance;
    }
  });
});
