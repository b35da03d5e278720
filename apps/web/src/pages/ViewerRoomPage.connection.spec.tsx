import { act, screen } from '@testing-library/react';
import { ROOM_ID } from '../../test/fake-socket';
import { joinServer, openViewer, send, setUpViewerRoomTests, shown, translation } from '../../test/viewer-room-harness';

setUpViewerRoomTests();

const goOffline = (offline: boolean) => {
  Object.defineProperty(window.navigator, 'onLine', { value: !offline, configurable: true });
  act(() => void window.dispatchEvent(new Event(offline ? 'offline' : 'online')));
};

describe('Viewer connection and history', () => {
  afterEach(() => Object.defineProperty(window.navigator, 'onLine', { value: true, configurable: true }));

  it('says in words that the phone is offline and that the missed lines will follow, and clears it once back', async () => {
    await openViewer(`/view/${ROOM_ID}?lang=en`);
    joinServer('active', 3);
    expect(screen.queryByTestId('connection-notice')).toBeNull();
    goOffline(true);
    expect(screen.getByTestId('connection-notice').textContent).toBe("You're offline — missed lines will follow.");
    goOffline(false);
    joinServer('active', 3);
    expect(screen.queryByTestId('connection-notice')).toBeNull();
  });

  it('says so when the connection is lost without the browser noticing, within 2 s', async () => {
    await openViewer(`/view/${ROOM_ID}?lang=en`);
    const socket = joinServer('active', 3);
    socket.goSilent();
    await act(() => jest.advanceTimersByTimeAsync(2_000));
    expect(screen.getByTestId('connection-notice').textContent).toBe('Connection lost, reconnecting — missed lines will follow.');
  });

  it('shows that the earlier lines are loading for a late joiner, not that nothing was said', async () => {
    await openViewer(`/view/${ROOM_ID}?lang=en`);
    const socket = joinServer('active', 12);
    expect(screen.getByTestId('history-loading').textContent).toBe('Loading what was said before you arrived, in your language…');
    expect(screen.queryByText('Translations will appear here when the host speaks.')).toBeNull();
    send(socket, translation(11), translation(12));
    expect(shown()).toEqual([11, 12]);
    expect(screen.queryByTestId('history-loading')).toBeNull();
  });

  it('a room nobody has spoken in yet says the translations will appear', async () => {
    await openViewer(`/view/${ROOM_ID}?lang=en`);
    joinServer('active', 0);
    expect(screen.queryByTestId('history-loading')).toBeNull();
    expect(screen.getByText('Translations will appear here when the host speaks.')).toBeTruthy();
  });
});
