import { act, screen } from '@testing-library/react';
import { routeFetch } from './auth-fixtures';
import { FakeRecognition } from './fake-recognition';
import { FakeSocket, joinedFrame } from './fake-socket';
import { preloadPages } from './render-app';

/** The host key of the room under test, as a host link carries it. */
export const HOST_KEY = 'k'.repeat(43);

/** The host page's tests: pages loaded, storage empty, a fake speech recognition in the window. */
export function setUpHostRoomTests(): void {
  beforeAll(preloadPages);
  beforeEach(() => {
    window.localStorage.clear();
    FakeRecognition.install();
    routeFetch({});
  });
  afterEach(() => FakeRecognition.uninstall());
}

/** The server accepts the host page's socket: opened, then `joined` to a scheduled room unless overridden. */
export function joinServer(overrides: Record<string, unknown> = {}): FakeSocket {
  const socket = FakeSocket.latest();
  act(() => {
    socket.open();
    socket.receive(joinedFrame({ room: { name: 'Keynote', status: 'scheduled', sourceLanguage: null }, ...overrides }));
  });
  return socket;
}

export function serverSends(socket: FakeSocket, frame: object) {
  act(() => socket.receive(frame));
}

export const text = (testId: string) => screen.getByTestId(testId).textContent;
