import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { routeFetch } from '../../test/auth-fixtures';
import { FakeRecognition } from '../../test/fake-recognition';
import { FakeSocket, joinedFrame, ROOM_ID } from '../../test/fake-socket';
import { jsonResponse, preloadPages, renderApp } from '../../test/render-app';

beforeAll(preloadPages);

const TOKEN = 't'.repeat(43);
const SPEAKER_ID = '5c1e0f3a-9d2b-4e7f-8a6c-2b4d6f8a0c1e';
const PATH = `/speak/${ROOM_ID}?token=${TOKEN}&name=Ana`;

function access(overrides: Record<string, unknown> = {}) {
  return {
    speaker: {
      id: SPEAKER_ID,
      room_id: ROOM_ID,
      speaker_name: 'Ana',
      speaker_role: 'co-host',
      is_active: false,
      input_language: null,
      joined_at: null,
      created_at: '2026-01-01T10:00:00.000Z',
      status: 'invited',
      ...overrides,
    },
    room: { id: ROOM_ID, name: 'Keynote', status: 'scheduled', source_language: 'es' },
  };
}

const denied = () => jsonResponse(403, { error: { code: 'invalid_invite', message: 'Invalid or expired invite token' } });

function speakerRoutes(extra: Record<string, () => Response> = {}) {
  return routeFetch({
    'POST /api/speak/verify': () => jsonResponse(200, access()),
    'POST /api/speak/join': () => jsonResponse(200, access({ is_active: true, input_language: 'fr', status: 'active' })),
    'POST /api/speak/leave': () => ({ ok: true, status: 204, text: () => Promise.resolve('') }) as Response,
    ...extra,
  });
}

async function joinAsSpeaker(status = 'active', extra: Record<string, () => Response> = {}) {
  const fetchMock = speakerRoutes(extra);
  renderApp(PATH);
  await screen.findByTestId('speaker-join');
  fireEvent.change(screen.getByTestId('speaker-language'), { target: { value: 'fr' } });
  fireEvent.click(screen.getByTestId('speaker-join-button'));
  await waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
  const socket = FakeSocket.latest();
  act(() => {
    socket.open();
    socket.receive(
      joinedFrame({ role: 'speaker', room: { name: 'Keynote', status, sourceLanguage: 'es' }, speakerId: SPEAKER_ID, speakerName: 'Ana' }),
    );
  });
  return { socket, fetchMock };
}

beforeEach(() => {
  window.localStorage.clear();
  FakeRecognition.install();
});
afterEach(() => FakeRecognition.uninstall());

describe('Speaker room', () => {
  it.each([[`/speak/${ROOM_ID}?name=Ana`], [`/speak/${ROOM_ID}?token=${TOKEN}`], [`/speak/not-a-room?token=${TOKEN}&name=Ana`]])(
    'says the link is invalid when something is missing: %s',
    (path) => {
      routeFetch({});
      renderApp(path);
      expect(screen.getByTestId('speaker-invalid').textContent).toContain('Invalid invite link');
    },
  );

  it('denies access when the invite does not verify', async () => {
    routeFetch({ 'POST /api/speak/verify': denied });
    renderApp(PATH);
    const screenDenied = await screen.findByTestId('speaker-denied');
    expect(screenDenied.textContent).toContain('Access Denied');
    expect(screenDenied.textContent).toContain('Invalid or expired invite token');
    expect(FakeSocket.instances).toHaveLength(0);
  });

  it('asks for a language before joining, then joins over HTTP and the socket', async () => {
    const fetchMock = speakerRoutes();
    renderApp(PATH);
    await screen.findByTestId('speaker-join');
    fireEvent.click(screen.getByTestId('speaker-join-button'));
    expect(screen.getByRole('alert').textContent).toBe('Please select your input language first');
    fireEvent.change(screen.getByTestId('speaker-language'), { target: { value: 'fr' } });
    fireEvent.click(screen.getByTestId('speaker-join-button'));
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
    const join = fetchMock.mock.calls.find(([url]) => url === '/api/speak/join');
    expect(JSON.parse(String(join?.[1]?.body))).toEqual({ roomId: ROOM_ID, token: TOKEN, lang: 'fr' });
    act(() => FakeSocket.latest().open());
    expect(FakeSocket.latest().sent[0]).toEqual({ type: 'join', roomId: ROOM_ID, role: 'speaker', inviteToken: TOKEN, lang: 'fr' });
    expect(screen.getByTestId('speaker-language-display').textContent).toBe('Français');
  });

  it('speaks only while the room is active, enhanced, and stops at room_end', async () => {
    const { socket } = await joinAsSpeaker('scheduled');
    fireEvent.click(screen.getByTestId('toggle-speaking'));
    await waitFor(() => expect(screen.getByText('Room is not active yet')).toBeTruthy());
    act(() => socket.receive({ type: 'room_start', roomId: ROOM_ID, messageId: 'e', timestamp: '2026-01-01T10:00:00.000Z' }));
    fireEvent.click(screen.getByTestId('toggle-speaking'));
    await waitFor(() => expect(screen.getByTestId('toggle-speaking').textContent).toBe('Stop Speaking'));
    expect(FakeRecognition.latest().lang).toBe('fr-FR');
    act(() => FakeRecognition.latest().say('Bonjour à tous'));
    expect(socket.sentOfType('transcript')[0]).toMatchObject({ text: 'Bonjour à tous', sourceLanguage: 'fr', final: true, enhance: true });
    expect(screen.getByTestId('transcript-entry').dataset.state).toBe('pending');
    act(() => socket.receive({ type: 'room_end', roomId: ROOM_ID, messageId: 'e2', timestamp: '2026-01-01T10:00:00.000Z' }));
    expect(screen.getByTestId('toggle-speaking').textContent).toBe('Start Speaking');
    expect(screen.getByTestId('speaker-room-ended')).toBeTruthy();
  });

  it('shows a removed speaker that it is cut off, and does not reconnect', async () => {
    const { socket } = await joinAsSpeaker();
    act(() => {
      socket.receive({ type: 'error', code: 'speaker_removed', message: 'Removed by the host' });
      socket.drop(4004, 'Speaker removed');
    });
    expect(screen.getByTestId('speaker-removed').textContent).toContain('You were removed');
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('leaves the room over HTTP and goes home', async () => {
    const { fetchMock } = await joinAsSpeaker();
    fireEvent.click(screen.getByTestId('leave-room'));
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    const leave = fetchMock.mock.calls.find(([url]) => url === '/api/speak/leave');
    expect(JSON.parse(String(leave?.[1]?.body))).toEqual({ roomId: ROOM_ID, token: TOKEN });
  });

  it('shows the audience questions in the room language while the room takes them, and new ones as they come', async () => {
    const question = (id: string, text: string, original: string) => ({
      id,
      text,
      lang: 'es',
      original,
      original_lang: 'ja',
      votes: 0,
      status: 'open',
      created_at: '2026-01-01T10:00:00.000Z',
    });
    const first = question('0b6f7c1e-2a3d-4e5f-8a9b-0c1d2e3f4a5b', '(es) ¿Habrá grabación?', '録画はありますか？');
    const list = () => jsonResponse(200, { enabled: true, lang: 'es', questions: [first] });
    const { socket, fetchMock } = await joinAsSpeaker('active', { [`GET /api/view/${ROOM_ID}/questions?lang=es`]: list });
    const panel = await screen.findByTestId('speaker-questions');
    expect(panel.textContent).toContain('(es) ¿Habrá grabación?');
    expect(fetchMock.mock.calls.some(([url]) => url === `/api/view/${ROOM_ID}/questions?lang=es`)).toBe(true);
    // Read only: the host answers and hides them.
    expect(screen.queryByTestId('question-answer')).toBeNull();
    fireEvent.click(screen.getByTestId('question-original-toggle'));
    expect(screen.getByTestId('question-original').textContent).toContain('録画はありますか？');

    const second = question('1c7a8d2f-3b4e-4f6a-9b0c-1d2e3f4a5b6c', '(es) ¿Dónde están las diapositivas?', 'スライドはどこですか？');
    act(() => socket.receive({ type: 'question', roomId: ROOM_ID, question: second }));
    await waitFor(() => expect(screen.getAllByTestId('question')).toHaveLength(2));
  });

  it('shows no questions while the room does not take them', async () => {
    await joinAsSpeaker();
    await waitFor(() => expect(screen.getByTestId('toggle-speaking')).toBeTruthy());
    expect(screen.queryByTestId('speaker-questions')).toBeNull();
  });
});
