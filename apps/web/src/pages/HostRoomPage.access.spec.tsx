import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { authHeader, makeProfile, makeSession, routeFetch, storeSession } from '../../test/auth-fixtures';
import { FakeSocket, ROOM_ID } from '../../test/fake-socket';
import { HOST_KEY, joinServer, text, setUpHostRoomTests } from '../../test/host-room-harness';
import { jsonResponse, renderApp } from '../../test/render-app';
import { makeRoom } from '../../test/room-fixtures';

setUpHostRoomTests();

describe('Host room access', () => {
  it("offers 'Login' once to an anonymous host", async () => {
    window.localStorage.setItem(`lt.hostKey.${ROOM_ID}`, HOST_KEY);
    renderApp(`/room/${ROOM_ID}`);
    joinServer();
    expect(await screen.findAllByRole('button', { name: 'Login' })).toHaveLength(1);
  });

  it('refuses to host without a key and points to the viewer page', () => {
    renderApp(`/room/${ROOM_ID}?name=Keynote`);
    expect(screen.getByText('This link does not let you host this room.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the viewer page' }).getAttribute('href')).toBe(`/view/${ROOM_ID}?name=Keynote`);
    expect(FakeSocket.instances).toHaveLength(0);
  });

  it('takes the key from the host link, keeps it and clears it from the address bar', () => {
    renderApp(`/room/${ROOM_ID}?name=Keynote#key=${HOST_KEY}`);
    expect(window.localStorage.getItem(`lt.hostKey.${ROOM_ID}`)).toBe(HOST_KEY);
    expect(window.location.hash).toBe('');
    expect(window.location.search).toBe('?name=Keynote');
    const socket = joinServer();
    expect(socket.sent[0]).toEqual({ type: 'join', roomId: ROOM_ID, role: 'host', hostKey: HOST_KEY });
    expect(text('viewer-link')).toBe(`http://localhost/view/${ROOM_ID}?name=Keynote`);
    expect(screen.getByTestId('viewer-link').getAttribute('href')).toBe(`http://localhost/view/${ROOM_ID}?name=Keynote`);
    expect(screen.queryByTestId('host-link')).toBeNull();
    fireEvent.click(screen.getByTestId('reveal-host-link'));
    expect(text('host-link')).toBe(`http://localhost/room/${ROOM_ID}?name=Keynote#key=${HOST_KEY}`);
  });
});

describe('Host room for a signed-in user', () => {
  it('does not claim a room this device knows is already theirs', async () => {
    const session = makeSession();
    storeSession(session);
    window.localStorage.setItem(`lt.roomOwner.${ROOM_ID}`, session.user.id);
    const fetchMock = routeFetch({ 'GET /api/profile': () => jsonResponse(200, makeProfile()) });
    renderApp(`/room/${ROOM_ID}#key=${HOST_KEY}`);
    joinServer();
    await waitFor(() => expect(screen.getByTestId('user-menu').textContent).toContain('Ana García'));
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/claim'))).toBe(false);
  });

  it("adds the user's access token to the join frame, shows 'Dashboard' and claims the room it holds the key of", async () => {
    const session = makeSession();
    storeSession(session);
    const fetchMock = routeFetch({
      'GET /api/profile': () => jsonResponse(200, makeProfile()),
      [`POST /api/rooms/${ROOM_ID}/claim`]: () => jsonResponse(200, makeRoom({ owner_id: session.user.id })),
    });
    renderApp(`/room/${ROOM_ID}#key=${HOST_KEY}`);
    const socket = joinServer();
    expect(socket.sent[0]).toEqual({
      type: 'join',
      roomId: ROOM_ID,
      role: 'host',
      hostKey: HOST_KEY,
      accessToken: session.access_token,
    });
    await waitFor(() => expect(screen.getByTestId('user-menu').textContent).toContain('Ana García'));
    expect(screen.getByTestId('host-dashboard').getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByTestId('host-login')).toBeNull();
    const claim = fetchMock.mock.calls.find(([url]) => url === `/api/rooms/${ROOM_ID}/claim`);
    expect(JSON.parse(String(claim?.[1]?.body))).toEqual({ hostKey: HOST_KEY });
  });

  it('lets the owner host its own room with the session alone, without a host link', async () => {
    const session = makeSession();
    storeSession(session);
    routeFetch({
      'GET /api/profile': () => jsonResponse(200, makeProfile()),
      [`GET /api/rooms/${ROOM_ID}`]: () => jsonResponse(200, makeRoom({ owner_id: session.user.id })),
    });
    renderApp(`/room/${ROOM_ID}`);
    expect(screen.getByText('Checking access...')).toBeTruthy();
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
    const socket = joinServer();
    expect(socket.sent[0]).toEqual({ type: 'join', roomId: ROOM_ID, role: 'host', accessToken: session.access_token });
    expect(screen.getByTestId('viewer-link')).toBeTruthy();
    expect(screen.queryByTestId('host-link')).toBeNull();
  });

  it('refuses a signed-in user who does not own the room and has no key', async () => {
    storeSession(makeSession());
    routeFetch({
      'GET /api/profile': () => jsonResponse(200, makeProfile()),
      [`GET /api/rooms/${ROOM_ID}`]: () => jsonResponse(404, { error: { code: 'room_not_found', message: 'Room not found' } }),
    });
    renderApp(`/room/${ROOM_ID}`);
    expect(await screen.findByText('This link does not let you host this room.')).toBeTruthy();
    expect(FakeSocket.instances).toHaveLength(0);
  });

  it('leads an owner hosting with the session to the history and its analytics once the room ended', async () => {
    const session = makeSession();
    storeSession(session);
    const fetchMock = routeFetch({
      'GET /api/profile': () => jsonResponse(200, makeProfile()),
      [`GET /api/rooms/${ROOM_ID}`]: () => jsonResponse(200, makeRoom({ owner_id: session.user.id })),
      [`GET /api/rooms/${ROOM_ID}/analytics`]: () => jsonResponse(500, { error: { code: 'internal', message: 'Down' } }),
    });
    renderApp(`/room/${ROOM_ID}`);
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
    joinServer({ room: { name: 'Keynote', status: 'ended', sourceLanguage: 'en' } });
    expect(screen.getByTestId('ended-history').getAttribute('href')).toBe('/dashboard/history');
    expect(screen.queryByTestId('ended-host-link')).toBeNull();
    expect(await screen.findByTestId('analytics-error')).toBeTruthy();
    const analytics = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/analytics'));
    expect(authHeader(analytics?.[1])).toBe(`Bearer ${session.access_token}`);
  });

  it("signs an anonymous host in from 'Login' without leaving the room, then claims it", async () => {
    const session = makeSession();
    const fetchMock = routeFetch({
      'POST /api/auth/token?grant_type=password': () => jsonResponse(200, session),
      'GET /api/profile': () => jsonResponse(200, makeProfile()),
      [`POST /api/rooms/${ROOM_ID}/claim`]: () => jsonResponse(200, makeRoom({ owner_id: session.user.id })),
    });
    renderApp(`/room/${ROOM_ID}#key=${HOST_KEY}`);
    joinServer();
    fireEvent.click(screen.getByTestId('login-button'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Welcome Back');
    fireEvent.change(screen.getByTestId('auth-email'), { target: { value: 'ana.garcia@example.com' } });
    fireEvent.change(screen.getByTestId('auth-password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByTestId('auth-submit'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(window.location.pathname).toBe(`/room/${ROOM_ID}`);
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === `/api/rooms/${ROOM_ID}/claim`)).toBe(true));
    expect(await screen.findByTestId('host-dashboard')).toBeTruthy();
  });
});

describe('Host room key changes', () => {
  it('switches to a key pasted into the same tab', () => {
    window.localStorage.setItem(`lt.hostKey.${ROOM_ID}`, 'old'.repeat(11));
    renderApp(`/room/${ROOM_ID}`);
    joinServer();
    const first = FakeSocket.latest();
    act(() => {
      window.history.pushState(null, '', `/room/${ROOM_ID}#key=${HOST_KEY}`);
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(window.location.hash).toBe('');
    expect(window.localStorage.getItem(`lt.hostKey.${ROOM_ID}`)).toBe(HOST_KEY);
    expect(first.closedWith).toBe(1000);
    act(() => FakeSocket.latest().open());
    expect(FakeSocket.latest().sent[0]).toMatchObject({ type: 'join', hostKey: HOST_KEY });
  });
});
