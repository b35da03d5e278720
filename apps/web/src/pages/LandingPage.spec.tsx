import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { ROOM_ID } from '../../test/fake-socket';
import { jsonResponse, renderApp, preloadPages } from '../../test/render-app';
import { makeCreatedRoom } from '../../test/room-fixtures';

beforeAll(preloadPages);

const fetchMock = jest.fn<Promise<Response>, [RequestInfo | URL, RequestInit?]>();

beforeEach(() => {
  fetchMock.mockReset();
  window.fetch = fetchMock as unknown as typeof fetch;
  window.localStorage.clear();
});

describe('Landing page', () => {
  it('shows its title texts and the three feature cards', () => {
    renderApp('/');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('AI Translation Rooms');
    expect(screen.getByText('Create real-time translation rooms for your events quickly and easily')).toBeTruthy();
    const input = screen.getByTestId('room-name-input') as HTMLInputElement;
    expect(input.placeholder).toBe('Room name (optional)');
    expect(input.maxLength).toBe(50);
    expect(screen.getByTestId('create-room').textContent).toBe('Create Room');
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Create a Room', 'Speak', 'Share']);
    // The credit is text: a link that goes nowhere ('#') only moves the page to its top.
    expect(screen.getByText('Made by an events company').closest('a')).toBeNull();
    expect(document.querySelector('a[href="#"]')).toBeNull();
  });

  it('creates the room with the trimmed name, keeps the host key and opens the host page', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderApp('/');
    fireEvent.change(screen.getByTestId('room-name-input'), { target: { value: '  Keynote & Q/A  ' } });
    fireEvent.click(screen.getByTestId('create-room'));

    await waitFor(() => expect(screen.getByTestId('create-room').textContent).toBe('Creating Room...'));
    expect((screen.getByTestId('create-room') as HTMLButtonElement).disabled).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/rooms');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ name: 'Keynote & Q/A' });

    await act(async () => answer(jsonResponse(201, makeCreatedRoom('Keynote & Q/A'))));
    await waitFor(() => expect(window.location.pathname).toBe(`/room/${ROOM_ID}`));
    expect(window.location.search).toBe(`?name=${encodeURIComponent('Keynote & Q/A')}`);
    expect(window.localStorage.getItem(`lt.hostKey.${ROOM_ID}`)).toBe('h'.repeat(43));
  });

  it('sends no name when the field is blank', async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, makeCreatedRoom(`Room ${ROOM_ID.slice(0, 8)}`)));
    renderApp('/');
    fireEvent.change(screen.getByTestId('room-name-input'), { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('create-room'));
    await waitFor(() => expect(window.location.pathname).toBe(`/room/${ROOM_ID}`));
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({});
  });

  it('shows what the refusal means in the interface language and stays on the page when creation fails', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(429, { error: { code: 'over_request_rate_limit', message: 'Too many rooms created, try again later' } }),
    );
    renderApp('/');
    fireEvent.click(screen.getByTestId('create-room'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Too many attempts. Wait a moment and try again.');
    expect(window.location.pathname).toBe('/');
    expect(screen.getByTestId('create-room').textContent).toBe('Create Room');
    expect(window.localStorage.length).toBe(0);
  });

  it('says the server cannot be reached when the request fails on the network', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderApp('/');
    fireEvent.click(screen.getByTestId('create-room'));
    expect((await screen.findByRole('alert')).textContent).toBe('The server cannot be reached. Check your network and try again.');
  });

  it('falls back to the generic text when the failure has no readable body', async () => {
    fetchMock.mockResolvedValue({ ok: false, status: 502, text: () => Promise.resolve('<html>Bad gateway</html>') } as Response);
    renderApp('/');
    fireEvent.click(screen.getByTestId('create-room'));
    expect((await screen.findByRole('alert')).textContent).toBe('The server answered with an error. Please try again.');
  });
});

describe('Routing', () => {
  it('shows a not-found page with a link home for unknown paths and bad room ids', () => {
    const { unmount } = renderApp('/nowhere');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page not found');
    expect(screen.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/');
    unmount();
    renderApp('/view/not-a-room');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page not found');
  });
});
