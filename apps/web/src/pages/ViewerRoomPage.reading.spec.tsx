import { act, fireEvent, screen } from '@testing-library/react';
import { ROOM_ID, type FakeSocket } from '../../test/fake-socket';
import { joinServer, openViewer, send, setUpViewerRoomTests, translation } from '../../test/viewer-room-harness';

setUpViewerRoomTests();
afterEach(() => delete document.documentElement.dataset.theme);

/** Answers the page's clock ping as a server whose clock is `ahead` ms ahead, 40 ms later. */
function answerPing(socket: FakeSocket, ahead: number) {
  const ping = socket.sent.find((frame) => frame.type === 'ping' && typeof frame.t === 'number');
  if (!ping) throw new Error('no clock ping was sent');
  const t = ping.t as number;
  act(() => {
    jest.advanceTimersByTime(40);
    socket.receive({ type: 'pong', t, serverTime: t + 20 + ahead });
  });
}

const meter = () => screen.getByTestId('caption-delay');

describe('Viewer room: how far behind the captions are', () => {
  it('says the delay is unknown, then shows the median delay of new sentences on the server clock', async () => {
    await openViewer(`/view/${ROOM_ID}?lang=en`);
    const socket = joinServer('active');
    expect(meter().textContent).toContain('Delay not known yet');
    expect(meter().dataset.known).toBe('false');
    // Not a live region, and outside the status that is one.
    expect(meter().closest('[role="status"], [aria-live]')).toBeNull();

    // The server's clock is 5 s ahead of this one; the sentence was said 1.5 s before its translation arrives.
    answerPing(socket, 5_000);
    const spoken = (lateMs: number) => new Date(Date.now() + 5_000 - lateMs).toISOString();
    send(socket, translation(1, 'en', { timestamp: spoken(1_500) }));
    expect(meter().textContent).toContain('1.5 s behind');
    expect(meter().className).toContain('badge-success');
    send(socket, translation(2, 'en', { timestamp: spoken(12_000) }), translation(3, 'en', { timestamp: spoken(12_400) }));
    expect(meter().textContent).toContain('12 s behind');
    expect(meter().className).toContain('badge-danger');
  });

  it('does not count the history a viewer is sent on joining', async () => {
    await openViewer(`/view/${ROOM_ID}?lang=en`);
    const socket = joinServer('active', 2);
    answerPing(socket, 0);
    send(
      socket,
      translation(1, 'en', { timestamp: '2020-01-01T00:00:00.000Z' }),
      translation(2, 'en', { timestamp: '2020-01-01T00:00:00.000Z' }),
    );
    expect(meter().dataset.known).toBe('false');
  });
});

describe('Viewer room: reading settings', () => {
  it('applies size, colours and lines at once, and stores them in the browser', async () => {
    await openViewer(`/view/${ROOM_ID}?lang=en`);
    const socket = joinServer('active');
    send(socket, ...[1, 2, 3, 4].map((seq) => translation(seq, 'en')));
    fireEvent.click(screen.getByTestId('viewer-settings'));
    fireEvent.click(screen.getByRole('radio', { name: 'Huge' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Dark' }));
    fireEvent.click(screen.getByRole('radio', { name: '2' }));
    expect(document.querySelector('.viewer-page')?.getAttribute('data-caption-size')).toBe('largest');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(screen.getAllByTestId('translated-message').map((line) => line.textContent)).toEqual([
      expect.stringContaining('Message 3'),
      expect.stringContaining('Message 4'),
    ]);
    expect(JSON.parse(window.localStorage.getItem('lt.reading.viewer') ?? '{}')).toEqual({ size: 'largest', theme: 'dark', lines: 2 });

    fireEvent.click(screen.getByRole('radio', { name: 'Automatic' }));
    expect(document.documentElement.dataset.theme).toBeUndefined();
    fireEvent.click(screen.getByRole('radio', { name: 'All' }));
    expect(screen.getAllByTestId('translated-message')).toHaveLength(4);
  });
});
