import type { LanguageCode } from '@lt/contracts';
import { act, fireEvent, screen } from '@testing-library/react';
import { routeFetch, type Handler } from './auth-fixtures';
import { FakeSocket, joinedFrame, ROOM_ID } from './fake-socket';
import { jsonResponse, preloadPages, renderApp } from './render-app';

/** The viewer page's tests: pages loaded, fake timers, storage empty. */
export function setUpViewerRoomTests(): void {
  beforeAll(preloadPages);
  beforeEach(() => {
    jest.useFakeTimers();
    window.localStorage.clear();
  });
  afterEach(() => jest.useRealTimers());
}

/** A `translation` frame of message `m-{seq}` in `lang`. */
export function translation(seq: number, lang: LanguageCode = 'en', extra: Record<string, unknown> = {}) {
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

/** The host starting or ending the room (in German, so that a change of the host language shows). */
export function roomEvent(type: 'room_start' | 'room_end') {
  return { type, roomId: ROOM_ID, messageId: `${type}-1`, timestamp: '2026-01-01T10:00:00.000Z', sourceLanguage: 'de' };
}

export const VIEW = `GET /api/view/${ROOM_ID}`;
export const publicRoom = (status = 'active') => ({ id: ROOM_ID, name: 'Keynote', status, source_language: 'es' });

/** The viewer page asks for the room first; it connects once the room is known to exist. */
export async function openViewer(path: string, routes: Record<string, Handler> = {}) {
  const fetchMock = routeFetch({ [VIEW]: () => jsonResponse(200, publicRoom()), ...routes });
  renderApp(path);
  await act(() => jest.advanceTimersByTimeAsync(0));
  return fetchMock;
}

/** The server accepts the viewer's socket: opened, then `joined` with the room's status and latest seq. */
export function joinServer(status = 'active', seq = 0, extra: Record<string, unknown> = {}): FakeSocket {
  const socket = FakeSocket.latest();
  act(() => {
    socket.open();
    socket.receive(joinedFrame({ role: 'viewer', room: { name: 'Keynote', status, sourceLanguage: 'es' }, seq, ...extra }));
  });
  return socket;
}

/** The picker as a viewer uses it: search, then Enter on the best match. */
export function pickLanguage(search: string) {
  const box = screen.getByTestId('viewer-language');
  fireEvent.focus(box);
  fireEvent.change(box, { target: { value: search } });
  fireEvent.keyDown(box, { key: 'Enter' });
}

export const send = (socket: FakeSocket, ...frames: object[]) => act(() => frames.forEach((frame) => socket.receive(frame)));
export const shown = () => screen.queryAllByTestId('translated-message').map((m) => Number(m.dataset.seq));
export const status = () => screen.getByTestId('viewer-status').textContent;

/** The browser's speechSynthesis, recording what it is asked to read; `uninstall` takes it away again. */
export function installBrowserVoice(): { speak: jest.Mock; uninstall: () => void } {
  const speak = jest.fn();
  Object.assign(window, { speechSynthesis: { speak, cancel: jest.fn() } });
  (globalThis as { SpeechSynthesisUtterance?: unknown }).SpeechSynthesisUtterance = class {
    lang = '';
    constructor(readonly text: string) {}
  };
  return {
    speak,
    uninstall: () => {
      delete (window as { speechSynthesis?: unknown }).speechSynthesis;
      delete (globalThis as { SpeechSynthesisUtterance?: unknown }).SpeechSynthesisUtterance;
    },
  };
}
