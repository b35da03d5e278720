import { act, fireEvent, screen } from '@testing-library/react';
import { makeProfile, makeSession, storeSession } from '../../test/auth-fixtures';
import { FakeSocket, ROOM_ID } from '../../test/fake-socket';
import { jsonResponse } from '../../test/render-app';
import {
  installBrowserVoice,
  joinServer,
  openViewer,
  pickLanguage,
  roomEvent,
  send,
  shown,
  status,
  translation,
  VIEW,
  setUpViewerRoomTests,
} from '../../test/viewer-room-harness';

setUpViewerRoomTests();

describe('Viewer room', () => {
  it("adds a signed-in viewer's access token to the join frame", async () => {
    const session = makeSession();
    storeSession(session);
    await openViewer(`/view/${ROOM_ID}?lang=en`, { 'GET /api/profile': () => jsonResponse(200, makeProfile()) });
    const socket = joinServer();
    expect(socket.sent[0]).toEqual({
      type: 'join',
      roomId: ROOM_ID,
      role: 'viewer',
      viewerId: expect.stringMatching(/^[0-9a-f]{32}$/),
      lang: 'en',
      accessToken: session.access_token,
    });
    await act(() => jest.advanceTimersByTimeAsync(0));
  });

  it('goes from Connecting to Waiting for host to Live and follows the host language', async () => {
    await openViewer(`/view/${ROOM_ID}?lang=en&name=Keynote`);
    expect(status()).toBe('Connecting');
    const socket = joinServer('scheduled');
    expect(socket.sent[0]).toEqual({
      type: 'join',
      roomId: ROOM_ID,
      role: 'viewer',
      viewerId: expect.stringMatching(/^[0-9a-f]{32}$/),
      lang: 'en',
    });
    expect(status()).toBe('Waiting for host');
    expect(screen.getByTestId('host-language').textContent).toBe('Español');
    send(socket, roomEvent('room_start'));
    expect(status()).toBe('Live');
    expect(screen.getByTestId('host-language').textContent).toBe('Deutsch');
    send(socket, translation(1, 'en', { sourceLanguage: 'it' }));
    expect(screen.getByTestId('host-language').textContent).toBe('Italiano');
    send(socket, roomEvent('room_end'));
    expect(status()).toBe('Session ended');
    expect(screen.getByTestId('session-ended').textContent).toContain('This session has ended');
  });

  it('shows each message once, in seq order, and asks once for a gap', async () => {
    await openViewer(`/view/${ROOM_ID}?lang=en`);
    const socket = joinServer();
    send(socket, translation(1), translation(2), translation(2), translation(5), translation(6), translation(1, 'fr'));
    expect(shown()).toEqual([1, 2, 5, 6]);
    expect(socket.sentOfType('resync')).toEqual([{ type: 'resync', since: 2 }]);
    send(socket, translation(4), translation(3));
    expect(shown()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(screen.getAllByTestId('translated-message').map((m) => m.dataset.lang)).toEqual(Array(6).fill('en'));
    expect(socket.sentOfType('resync')).toHaveLength(1);
  });

  it('re-joins after a drop with since = the last contiguous seq', async () => {
    await openViewer(`/view/${ROOM_ID}?lang=en`);
    const first = joinServer();
    send(first, translation(1), translation(2), translation(4));
    act(() => first.drop());
    expect(status()).toBe('Reconnecting…');
    act(() => jest.advanceTimersByTime(3_000));
    const second = FakeSocket.latest();
    expect(second).not.toBe(first);
    act(() => second.open());
    expect(second.sent[0]).toEqual({
      type: 'join',
      roomId: ROOM_ID,
      role: 'viewer',
      viewerId: expect.stringMatching(/^[0-9a-f]{32}$/),
      lang: 'en',
      since: 2,
    });
  });

  it('starts over in the new language and keeps it in the address', async () => {
    await openViewer(`/view/${ROOM_ID}?lang=en&name=Keynote`);
    const socket = joinServer();
    send(socket, translation(1), translation(2));
    pickLanguage('French');
    expect(shown()).toEqual([]);
    expect(socket.sentOfType('set_language')).toEqual([{ type: 'set_language', lang: 'fr' }]);
    expect(new URLSearchParams(window.location.search).get('lang')).toBe('fr');
    expect(new URLSearchParams(window.location.search).get('name')).toBe('Keynote');
    send(socket, translation(3, 'en'), translation(1, 'fr'), translation(2, 'fr'));
    expect(shown()).toEqual([1, 2]);
    expect(screen.getAllByTestId('translated-message')[0].textContent).toContain('Message 1 in fr');
  });

  it('asks a viewer without a language to pick one and shows no translations', async () => {
    await openViewer(`/view/${ROOM_ID}`);
    const socket = joinServer();
    expect(socket.sent[0]).toEqual({ type: 'join', roomId: ROOM_ID, role: 'viewer', viewerId: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(screen.getByText('Select a language to read the translations.')).toBeTruthy();
    send(socket, translation(1));
    expect(shown()).toEqual([]);
    pickLanguage('English');
    expect(socket.sentOfType('set_language')).toEqual([{ type: 'set_language', lang: 'en' }]);
  });

  it('marks untranslated text and shows one interim line until the translation arrives', async () => {
    await openViewer(`/view/${ROOM_ID}?lang=en`);
    const socket = joinServer();
    send(socket, translation(1, 'en', { text: '[Original] Hola', fallback: 'original' }));
    const message = screen.getByTestId('translated-message');
    expect(message.querySelector('.message-text')?.textContent).toBe('Hola');
    expect(screen.getAllByTestId('original-badge').map((b) => b.textContent)).toEqual(['Original']);
    send(socket, translation(2, 'en', { text: 'Hello (backup)', fallback: 'service' }));
    expect(screen.getAllByTestId('service-badge').map((b) => [b.textContent, b.getAttribute('title')])).toEqual([
      ['Backup translation', 'Translated by the backup translation service, not the usual translator'],
    ]);
    expect(screen.getAllByTestId('translated-message')[1].querySelector('.message-text')?.textContent).toBe('Hello (backup)');
    expect(message.querySelector('time')?.getAttribute('dateTime')).toBe('2026-01-01T10:00:00.000Z');
    const interim = (text: string) => ({ ...translation(0), type: 'interim', roomId: ROOM_ID, text });
    send(socket, interim('Buenos'), interim('Buenos días'));
    expect(screen.getAllByTestId('interim-line').map((l) => l.textContent)).toEqual(['In progress: Buenos días']);
    send(socket, translation(3));
    expect(screen.queryByTestId('interim-line')).toBeNull();
  });

  it('scrolls the list 100 ms after new text', async () => {
    await openViewer(`/view/${ROOM_ID}?lang=en`);
    const socket = joinServer();
    const list = screen.getByTestId('message-list');
    Object.defineProperty(list, 'scrollHeight', { value: 900, configurable: true });
    send(socket, translation(1));
    act(() => jest.advanceTimersByTime(99));
    expect(list.scrollTop).toBe(0);
    act(() => jest.advanceTimersByTime(1));
    expect(list.scrollTop).toBe(900);
  });

  it('reads new translations aloud only when unmuted', async () => {
    const { speak, uninstall } = installBrowserVoice();
    try {
      await openViewer(`/view/${ROOM_ID}?lang=en`);
      const socket = joinServer('active', 2);
      expect(screen.getByTestId('mute-toggle').textContent).toContain('Unmute');
      send(socket, translation(3));
      await act(() => jest.advanceTimersByTimeAsync(0));
      expect(speak).not.toHaveBeenCalled();
      fireEvent.click(screen.getByTestId('mute-toggle'));
      send(socket, translation(1), translation(4));
      await act(() => jest.advanceTimersByTimeAsync(0));
      expect(speak).toHaveBeenCalledTimes(1);
      expect(speak.mock.calls[0][0]).toMatchObject({ text: 'Message 4 in en', lang: 'en-US' });
    } finally {
      uninstall();
    }
  });
});

describe('Viewer room states', () => {
  it('shows one "room not found" screen for an unknown room and never connects', async () => {
    await openViewer(`/view/${ROOM_ID}?lang=en`, {
      [VIEW]: () => jsonResponse(404, { error: { code: 'room_not_found', message: 'Room not found' } }),
    });
    expect(screen.getByTestId('room-not-found').textContent).toContain('Room not found');
    expect(screen.queryByText('Connecting')).toBeNull();
    expect(FakeSocket.instances).toHaveLength(0);
  });

  it('says whether the host is speaking, silent or disconnected while live', async () => {
    await openViewer(`/view/${ROOM_ID}?lang=en`);
    const socket = joinServer('active', 0, { hostConnected: true });
    const activity = () => screen.getByTestId('host-activity').dataset.activity;
    expect(activity()).toBe('silent');
    send(socket, { ...translation(0), type: 'interim', roomId: ROOM_ID, text: 'Hola' });
    expect(activity()).toBe('speaking');
    act(() => jest.advanceTimersByTime(5_000));
    expect(activity()).toBe('silent');
    send(socket, { type: 'host_status', roomId: ROOM_ID, connected: false, timestamp: '2026-01-01T10:00:00.000Z' });
    expect(activity()).toBe('disconnected');
    expect(screen.getByTestId('host-activity').textContent).toBe('Host disconnected');
  });

  it('shows the quota notice while the room is out of budget', async () => {
    await openViewer(`/view/${ROOM_ID}?lang=en`);
    const socket = joinServer('active', 0, { quotaExhausted: true });
    expect(screen.getByTestId('quota-notice')).toBeTruthy();
    send(socket, { type: 'quota_restored', roomId: ROOM_ID, timestamp: '2026-01-01T10:00:00.000Z' });
    expect(screen.queryByTestId('quota-notice')).toBeNull();
    send(socket, { type: 'quota_exhausted', roomId: ROOM_ID, timestamp: '2026-01-01T10:00:00.000Z' });
    expect(screen.getByTestId('quota-notice')).toBeTruthy();
  });

  it('treats a deleted room as ended, not as a failure, and does not reconnect', async () => {
    await openViewer(`/view/${ROOM_ID}?lang=en`);
    const socket = joinServer();
    send(socket, translation(1));
    send(socket, roomEvent('room_end'));
    act(() => socket.drop(4003, 'Room deleted'));
    act(() => jest.advanceTimersByTime(60_000));
    expect(FakeSocket.instances).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(shown()).toEqual([1]);
  });
});
