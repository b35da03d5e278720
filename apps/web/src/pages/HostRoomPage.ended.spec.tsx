import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { routeFetch } from '../../test/auth-fixtures';
import { ROOM_ID } from '../../test/fake-socket';
import { HOST_KEY, joinServer, serverSends, setUpHostRoomTests, text } from '../../test/host-room-harness';
import { jsonResponse, renderApp } from '../../test/render-app';

setUpHostRoomTests();

const report = {
  room: { id: ROOM_ID, name: 'Keynote', status: 'ended', created_at: '2026-01-01T10:00:00.000Z' },
  step: 'minute',
  from: null,
  to: null,
  totals: {
    peak_viewers: 7,
    unique_viewers: 9,
    sentences: 12,
    tokens: 0,
    tokens_by_task: {},
    fallback: 0,
    original: 0,
    delay: { p50: null, p95: null },
    delay_by_language: {},
    languages: [],
  },
  points: [],
};

/** The routes an ended room's page calls with the host key; what each was sent with is kept. */
function routeEndedRoom() {
  const keys: (string | null)[] = [];
  const fetchMock = routeFetch({
    [`GET /api/rooms/${ROOM_ID}/analytics`]: (init) => {
      keys.push(new Headers(init?.headers).get('X-Host-Key'));
      return jsonResponse(200, report);
    },
    [`POST /api/rooms/${ROOM_ID}/summary`]: () => jsonResponse(200, { summary: 'Se habló del plan.', fromSeq: 1, toSeq: 12 }),
    [`GET /api/view/${ROOM_ID}`]: () => jsonResponse(200, { id: ROOM_ID, name: 'Keynote', viewer_downloads: false }),
  });
  return { keys, fetchMock };
}

describe('Host room once ended', () => {
  beforeEach(() => window.localStorage.setItem(`lt.hostKey.${ROOM_ID}`, HOST_KEY));

  it("ends the room in the page's own dialog, then stays to lead to the transcript, the summary and the analytics", async () => {
    const { keys } = routeEndedRoom();
    const confirm = jest.spyOn(window, 'confirm');
    renderApp(`/room/${ROOM_ID}`);
    const socket = joinServer({ room: { name: 'Keynote', status: 'active', sourceLanguage: 'es' } });
    expect(screen.queryByText('Stop Room for everyone')).toBeNull();
    expect(screen.getByTestId('end-room').getAttribute('aria-describedby')).toBeTruthy();

    fireEvent.click(screen.getByTestId('end-room'));
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByText('End the room for everyone?')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('confirm-cancel'));
    expect(socket.sentOfType('room_end')).toEqual([]);

    fireEvent.click(screen.getByTestId('end-room'));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByTestId('confirm-accept'));
    expect(socket.sentOfType('room_end')).toEqual([{ type: 'room_end' }]);
    expect(text('end-room')).toBe('Ending…');
    expect(confirm).not.toHaveBeenCalled();

    serverSends(socket, { type: 'room_end', roomId: ROOM_ID, messageId: 'e2', timestamp: '2026-01-01T11:00:00.000Z' });
    expect(window.location.pathname).toBe(`/room/${ROOM_ID}`);
    expect(screen.getByRole('heading', { name: 'This room has ended' })).toBeTruthy();
    expect(text('room-status-badge')).toBe('Ended');
    expect(screen.queryByTestId('toggle-room')).toBeNull();
    expect(screen.getByTestId('room-transcript-open')).toBeTruthy();
    expect(text('ended-host-link')).toContain(`#key=${HOST_KEY}`);

    expect(await screen.findByTestId('analytics-report')).toBeTruthy();
    expect(keys).toEqual([HOST_KEY]);
    expect(screen.getByTestId('analytics-card-peak').textContent).toContain('7');

    fireEvent.click(screen.getByTestId('ended-summary'));
    await waitFor(() => expect(text('ended-summary-text')).toBe('Se habló del plan.'));
    confirm.mockRestore();
  });

  it('shows an ended room as ended when the host comes back, and opens it again on request', () => {
    routeEndedRoom();
    renderApp(`/room/${ROOM_ID}`);
    const socket = joinServer({ room: { name: 'Keynote', status: 'ended', sourceLanguage: 'de' } });
    expect(screen.getByTestId('room-ended')).toBeTruthy();
    expect(text('room-status-badge')).toBe('Ended');
    expect(screen.queryByText('Inactive')).toBeNull();
    expect(screen.queryByTestId('toggle-room')).toBeNull();

    fireEvent.click(screen.getByTestId('reopen-room'));
    expect(socket.sentOfType('room_start')).toEqual([{ type: 'room_start', sourceLanguage: 'de' }]);
    serverSends(socket, {
      type: 'room_start',
      roomId: ROOM_ID,
      messageId: 'e3',
      timestamp: '2026-01-01T12:00:00.000Z',
      sourceLanguage: 'de',
    });
    expect(screen.queryByTestId('room-ended')).toBeNull();
    expect(text('room-status-badge')).toBe('Active');
  });
});
