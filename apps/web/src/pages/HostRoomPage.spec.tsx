import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { makeProfile, makeSession, routeFetch, storeSession } from '../../test/auth-fixtures';
import { FakeRecognition } from '../../test/fake-recognition';
import { FakeSocket, joinedFrame, ROOM_ID } from '../../test/fake-socket';
import { jsonResponse, renderApp, preloadPages } from '../../test/render-app';
import { makeRoom } from '../../test/room-fixtures';

beforeAll(preloadPages);

const HOST_KEY = 'k'.repeat(43);

function joinServer(overrides: Record<string, unknown> = {}): FakeSocket {
  const socket = FakeSocket.latest();
  act(() => {
    socket.open();
    socket.receive(joinedFrame({ room: { name: 'Keynote', status: 'scheduled', sourceLanguage: null }, ...overrides }));
  });
  return socket;
}

function serverSends(socket: FakeSocket, frame: object) {
  act(() => socket.receive(frame));
}

const text = (testId: string) => screen.getByTestId(testId).textContent;

beforeEach(() => {
  window.localStorage.clear();
  FakeRecognition.install();
});
afterEach(() => FakeRecognition.uninstall());

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
    expect(text('host-link')).toBe(
      `http://localhost/room/${ROOM_ID}?name=Keynote#key=${HOST_KEY}`,
    );
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

  it("refuses a signed-in user who does not own the room and has no key", async () => {
    storeSession(makeSession());
    routeFetch({
      'GET /api/profile': () => jsonResponse(200, makeProfile()),
      [`GET /api/rooms/${ROOM_ID}`]: () => jsonResponse(404, { error: { code: 'room_not_found', message: 'Room not found' } }),
    });
    renderApp(`/room/${ROOM_ID}`);
    expect(await screen.findByText('This link does not let you host this room.')).toBeTruthy();
    expect(FakeSocket.instances).toHaveLength(0);
  });

  it("ends in the history when signed in", async () => {
    storeSession(makeSession());
    routeFetch({
      'GET /api/profile': () => jsonResponse(200, makeProfile()),
      [`POST /api/rooms/${ROOM_ID}/claim`]: () => jsonResponse(200, makeRoom()),
      'GET /api/rooms?status=ended&order=updated_desc': () => jsonResponse(200, { rooms: [] }),
    });
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    renderApp(`/room/${ROOM_ID}#key=${HOST_KEY}`);
    const socket = joinServer({ room: { name: 'Keynote', status: 'active', sourceLanguage: 'en' } });
    fireEvent.click(screen.getByTestId('end-room'));
    expect(socket.sentOfType('room_end')).toEqual([{ type: 'room_end' }]);
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard/history'));
    confirm.mockRestore();
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

describe('Host room live session', () => {
  beforeEach(() => window.localStorage.setItem(`lt.hostKey.${ROOM_ID}`, HOST_KEY));

  it('starts the room, records, and shows each final as pending until acked', async () => {
    renderApp(`/room/${ROOM_ID}?name=Keynote&from=es`);
    expect(text('connection-status')).toBe('Connecting...');
    const socket = joinServer({ translationUnavailable: true });
    expect(text('connection-status')).toBe('Connected');
    expect(text('room-status-badge')).toBe('Inactive');
    expect(screen.getByTestId('translation-unavailable')).toBeTruthy();
    expect(screen.queryByTestId('end-room')).toBeNull();

    fireEvent.click(screen.getByTestId('toggle-recording'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Please start the room first'));

    fireEvent.click(screen.getByTestId('toggle-room'));
    expect(socket.sentOfType('room_start')).toEqual([{ type: 'room_start', sourceLanguage: 'es' }]);
    serverSends(socket, { type: 'room_start', roomId: ROOM_ID, messageId: 'e1', timestamp: '2026-01-01T10:00:00.000Z', sourceLanguage: 'es' });
    expect(text('room-status-badge')).toBe('Active');
    expect(text('toggle-room')).toBe('Stop Room for everyone');
    expect(text('end-room')).toBe('End Room');

    fireEvent.click(screen.getByTestId('toggle-recording'));
    await waitFor(() => expect(text('recording-badge')).toBe('Recording'));
    const recognition = FakeRecognition.latest();
    expect(recognition.lang).toBe('es-ES');
    expect((screen.getByTestId('input-language') as HTMLSelectElement).disabled).toBe(true);

    act(() => recognition.say('  Buenos días a todos  '));
    const [frame] = socket.sentOfType('transcript');
    expect(frame).toMatchObject({ type: 'transcript', text: 'Buenos días a todos', sourceLanguage: 'es', confidence: 0.92, final: true, enhance: true });
    expect(new Date(String(frame.timestamp)).toISOString()).toBe(frame.timestamp);
    let entry = screen.getByTestId('transcript-entry');
    expect(entry.dataset.state).toBe('pending');
    expect(entry.dataset.seq).toBeUndefined();

    serverSends(socket, { type: 'ack', messageId: frame.messageId, seq: 1 });
    entry = screen.getByTestId('transcript-entry');
    expect(entry.dataset.state).toBe('acked');
    expect(entry.dataset.seq).toBe('1');

    act(() => recognition.say('Segunda frase'));
    const second = socket.sentOfType('transcript')[1];
    serverSends(socket, { type: 'error', code: 'room_not_active', message: 'Room is not active yet', messageId: second.messageId });
    expect(screen.getAllByTestId('transcript-entry').map((e) => e.dataset.state)).toEqual(['acked', 'failed']);

    fireEvent.click(screen.getByTestId('toggle-recording'));
    expect(text('recording-badge')).toBe('Not recording');
  });

  it('asks for a language before recording', async () => {
    renderApp(`/room/${ROOM_ID}`);
    const socket = joinServer({ room: { name: 'Keynote', status: 'active', sourceLanguage: null } });
    fireEvent.click(screen.getByTestId('toggle-recording'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Please select a language first'));

    fireEvent.change(screen.getByTestId('input-language'), { target: { value: 'fr' } });
    expect(new URLSearchParams(window.location.search).get('from')).toBe('fr');
    fireEvent.click(screen.getByTestId('toggle-recording'));
    await waitFor(() => expect(text('recording-badge')).toBe('Recording'));
    expect(FakeRecognition.latest().lang).toBe('fr-FR');
    expect(socket.sentOfType('room_start')).toEqual([]);
  });

  it('explains a refused microphone', async () => {
    const getUserMedia = jest.fn().mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
    try {
      renderApp(`/room/${ROOM_ID}?from=en`);
      joinServer({ room: { name: 'Keynote', status: 'active', sourceLanguage: 'en' } });
      fireEvent.click(screen.getByTestId('toggle-recording'));
      await waitFor(() =>
        expect(screen.getByRole('alert').textContent).toBe('Microphone access denied. Please allow access and try again.'),
      );
      expect(FakeRecognition.instances).toHaveLength(0);
    } finally {
      Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
    }
  });

  it('resends what a previous visit left unacknowledged', () => {
    const pending = {
      type: 'transcript',
      messageId: '00000000-0000-4000-8000-000000000001',
      text: 'Said before the reload',
      sourceLanguage: 'en',
      timestamp: '2026-01-01T10:00:00.000Z',
      confidence: 0.9,
      final: true,
    };
    window.localStorage.setItem(`lt.outbox.${ROOM_ID}`, JSON.stringify([pending]));
    renderApp(`/room/${ROOM_ID}`);
    expect(screen.getByTestId('transcript-entry').dataset.state).toBe('pending');
    const socket = joinServer();
    expect(socket.sentOfType('transcript')).toEqual([pending]);
    serverSends(socket, { type: 'ack', messageId: pending.messageId, seq: 9 });
    expect(screen.getByTestId('transcript-entry').dataset.seq).toBe('9');
    expect(window.localStorage.getItem(`lt.outbox.${ROOM_ID}`)).toBeNull();
  });

  it('ends the room after confirmation and goes home', () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderApp(`/room/${ROOM_ID}`);
    const socket = joinServer({ room: { name: 'Keynote', status: 'active', sourceLanguage: 'en' } });
    fireEvent.click(screen.getByTestId('end-room'));
    expect(socket.sentOfType('room_end')).toEqual([]);
    fireEvent.click(screen.getByTestId('end-room'));
    expect(socket.sentOfType('room_end')).toEqual([{ type: 'room_end' }]);
    expect(window.location.pathname).toBe('/');
    confirm.mockRestore();
  });

  it('waits for the first connection and for a language before starting the room', () => {
    renderApp(`/room/${ROOM_ID}`);
    const button = screen.getByTestId('toggle-room') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.textContent).toBe('Connecting...');
    const socket = joinServer();
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    expect(socket.sentOfType('room_start')).toEqual([]);
    expect(screen.getByRole('alert').textContent).toBe('Please select your input language first');
    fireEvent.change(screen.getByTestId('input-language'), { target: { value: 'de' } });
    serverSends(socket, joinedFrame({ room: { name: 'Keynote', status: 'scheduled', sourceLanguage: null } }));
    expect((screen.getByTestId('input-language') as HTMLSelectElement).value).toBe('de');
    fireEvent.click(button);
    expect(socket.sentOfType('room_start')).toEqual([{ type: 'room_start', sourceLanguage: 'de' }]);
  });

  it('stops the room for everyone only after the host confirms, and says so on the button', () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderApp(`/room/${ROOM_ID}`);
    const socket = joinServer({ room: { name: 'Keynote', status: 'active', sourceLanguage: 'en' } });
    expect(text('toggle-room')).toBe('Stop Room for everyone');
    fireEvent.click(screen.getByTestId('toggle-room'));
    expect(confirm).toHaveBeenLastCalledWith(expect.stringContaining('Stop Recording'));
    expect(socket.sentOfType('room_end')).toEqual([]);
    fireEvent.click(screen.getByTestId('toggle-room'));
    expect(socket.sentOfType('room_end')).toEqual([{ type: 'room_end' }]);
    expect(window.location.pathname).toBe(`/room/${ROOM_ID}`);
    confirm.mockRestore();
  });

  it('defaults the input language to the room language and copies the share links', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderApp(`/room/${ROOM_ID}?name=Keynote`);
    joinServer({ room: { name: 'Keynote', status: 'active', sourceLanguage: 'de' } });
    expect((screen.getByTestId('input-language') as HTMLSelectElement).value).toBe('de');

    fireEvent.click(screen.getByTestId('reveal-host-link'));
    fireEvent.click(screen.getByTestId('copy-host-link'));
    await waitFor(() => expect(text('copy-host-link')).toBe('Copied!'));
    expect(writeText).toHaveBeenCalledWith(`http://localhost/room/${ROOM_ID}?name=Keynote#key=${HOST_KEY}`);
    fireEvent.click(screen.getByTestId('copy-viewer-link'));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith(`http://localhost/view/${ROOM_ID}?name=Keynote`));
  });

  it('says when speech recognition is missing', () => {
    FakeRecognition.uninstall();
    renderApp(`/room/${ROOM_ID}`);
    expect(screen.getByText('Speech recognition not supported')).toBeTruthy();
    expect((screen.getByTestId('toggle-recording') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('Host room, the rest of the spec', () => {
  beforeEach(() => window.localStorage.setItem(`lt.hostKey.${ROOM_ID}`, HOST_KEY));

  const stored = (seq: number, text: string, speakerId = 'host-1', speakerName = 'Host') => ({
    type: 'transcript',
    roomId: ROOM_ID,
    messageId: `m-${seq}`,
    seq,
    text,
    sourceLanguage: 'es',
    timestamp: '2026-01-01T10:00:00.000Z',
    speakerId,
    speakerName,
    enhanced: false,
  });

  it('sends the Enhance Mode checkbox with each final, on by default', async () => {
    renderApp(`/room/${ROOM_ID}?from=es`);
    const socket = joinServer({ room: { name: 'Keynote', status: 'active', sourceLanguage: 'es' } });
    const checkbox = screen.getByTestId('enhance-mode') as HTMLInputElement;
    expect(checkbox.checked).toBe(true);
    fireEvent.click(screen.getByTestId('toggle-recording'));
    await waitFor(() => expect(text('recording-badge')).toBe('Recording'));
    expect(screen.getByTestId('microphone-badge').dataset.permission).toBe('prompt');
    act(() => FakeRecognition.latest().say('Primera frase'));
    fireEvent.click(checkbox);
    act(() => FakeRecognition.latest().say('Segunda frase'));
    expect(socket.sentOfType('transcript').map((f) => f.enhance)).toEqual([true, false]);
  });

  it('refuses to record while disconnected', async () => {
    renderApp(`/room/${ROOM_ID}?from=es`);
    const socket = joinServer({ room: { name: 'Keynote', status: 'active', sourceLanguage: 'es' } });
    act(() => socket.drop(1006));
    fireEvent.click(screen.getByTestId('toggle-recording'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Not connected to server'));
    expect(FakeRecognition.instances).toHaveLength(0);
  });

  it('shows the stored transcript after a reload, speaker lines with their name, in seq order', () => {
    renderApp(`/room/${ROOM_ID}`);
    const socket = joinServer({ room: { name: 'Keynote', status: 'active', sourceLanguage: 'es' }, seq: 3 });
    serverSends(socket, stored(1, 'Hola'));
    serverSends(socket, stored(3, 'Tercera', 'host-2'));
    serverSends(socket, stored(2, 'Soy Ana', '5c1e0f3a-9d2b-4e7f-8a6c-2b4d6f8a0c1e', 'Ana'));
    const entries = screen.getAllByTestId('transcript-entry');
    expect(entries.map((e) => e.dataset.seq)).toEqual(['1', '2', '3']);
    expect(screen.getAllByTestId('entry-speaker').map((e) => e.textContent)).toEqual(['Ana']);
  });

  it('clears the log on Start Room and keeps it cleared when the history comes again', () => {
    renderApp(`/room/${ROOM_ID}?from=es`);
    const socket = joinServer({ seq: 1 });
    serverSends(socket, stored(1, 'Old line'));
    expect(screen.getAllByTestId('transcript-entry')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('toggle-room'));
    serverSends(socket, { type: 'room_start', roomId: ROOM_ID, messageId: 'e1', timestamp: '2026-01-01T10:00:00.000Z', sourceLanguage: 'es' });
    expect(screen.queryAllByTestId('transcript-entry')).toHaveLength(0);
    serverSends(socket, stored(1, 'Old line'));
    expect(screen.queryAllByTestId('transcript-entry')).toHaveLength(0);
    serverSends(socket, stored(2, 'New line'));
    expect(screen.getAllByTestId('transcript-entry')).toHaveLength(1);
  });

  it('shows the QR code of the viewer link, full screen until Escape', () => {
    renderApp(`/room/${ROOM_ID}?name=Keynote`);
    joinServer();
    expect(screen.getByTestId('viewer-qr').getAttribute('data-version')).toBe('5');
    fireEvent.click(screen.getByTestId('qr-fullscreen'));
    expect(screen.getByRole('dialog').textContent).toContain(`http://localhost/view/${ROOM_ID}?name=Keynote`);
    expect(screen.getByTestId('viewer-qr-large')).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the quota notice while the budget is spent', () => {
    renderApp(`/room/${ROOM_ID}`);
    const socket = joinServer({ quotaExhausted: true });
    expect(screen.getByTestId('quota-notice')).toBeTruthy();
    serverSends(socket, { type: 'quota_restored', roomId: ROOM_ID, timestamp: '2026-01-01T10:00:00.000Z' });
    expect(screen.queryByTestId('quota-notice')).toBeNull();
  });

  it('has no Manage Speakers panel without a signed-in user', () => {
    renderApp(`/room/${ROOM_ID}`);
    joinServer();
    expect(screen.queryByTestId('speakers-panel')).toBeNull();
  });
});

describe('Manage Speakers', () => {
  const speaker = (overrides: Record<string, unknown> = {}) => ({
    id: '5c1e0f3a-9d2b-4e7f-8a6c-2b4d6f8a0c1e',
    room_id: ROOM_ID,
    speaker_name: 'Ana',
    speaker_role: 'co-host',
    is_active: false,
    input_language: null,
    joined_at: null,
    created_at: '2026-01-01T10:00:00.000Z',
    status: 'invited',
    ...overrides,
  });

  it('invites by a trimmed name, shows the link once, lists statuses and removes after confirmation', async () => {
    const session = makeSession();
    storeSession(session);
    let speakers = [speaker({ id: '11111111-1111-4111-8111-111111111111', speaker_name: 'Luis', status: 'active' })];
    const fetchMock = routeFetch({
      'GET /api/profile': () => jsonResponse(200, makeProfile()),
      [`GET /api/rooms/${ROOM_ID}`]: () => jsonResponse(200, makeRoom({ owner_id: session.user.id })),
      [`GET /api/rooms/${ROOM_ID}/speakers`]: () => jsonResponse(200, { speakers }),
      [`POST /api/rooms/${ROOM_ID}/speakers`]: () => {
        speakers = [...speakers, speaker()];
        return jsonResponse(201, { speaker: speaker(), inviteLink: `http://localhost/speak/${ROOM_ID}?token=${'t'.repeat(43)}&name=Ana` });
      },
      [`DELETE /api/rooms/${ROOM_ID}/speakers/11111111-1111-4111-8111-111111111111`]: () => {
        speakers = speakers.slice(1);
        return { ok: true, status: 204, text: () => Promise.resolve('') } as Response;
      },
    });
    renderApp(`/room/${ROOM_ID}`);
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
    joinServer();
    await waitFor(() => expect(screen.getAllByTestId('speaker-row')).toHaveLength(1));
    expect(screen.getByTestId('speaker-status').textContent).toBe('Active');

    fireEvent.click(screen.getByTestId('invite-speaker'));
    expect(screen.getByText('Enter a name for the speaker')).toBeTruthy();
    fireEvent.change(screen.getByTestId('speaker-name'), { target: { value: 'x'.repeat(51) } });
    fireEvent.click(screen.getByTestId('invite-speaker'));
    expect(screen.getByText('The name must be at most 50 characters')).toBeTruthy();

    fireEvent.change(screen.getByTestId('speaker-name'), { target: { value: '  Ana  ' } });
    fireEvent.click(screen.getByTestId('invite-speaker'));
    await waitFor(() => expect(text('speaker-invite-link')).toContain(`/speak/${ROOM_ID}?token=`));
    const invite = fetchMock.mock.calls.find(([url, init]) => url === `/api/rooms/${ROOM_ID}/speakers` && init?.method === 'POST');
    expect(JSON.parse(String(invite?.[1]?.body))).toEqual({ name: 'Ana' });
    await waitFor(() => expect(screen.getAllByTestId('speaker-status').map((s) => s.textContent)).toEqual(['Active', 'Invited']));

    const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    fireEvent.click(screen.getAllByTestId('remove-speaker')[0]);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getAllByTestId('remove-speaker')[0]);
    await waitFor(() => expect(screen.getAllByTestId('speaker-row')).toHaveLength(1));
    expect(confirm.mock.calls[0][0]).toBe('Remove Luis? Their link will stop working at once.');
    confirm.mockRestore();
  });
});
