import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { FakeRecognition } from '../../test/fake-recognition';
import { joinedFrame, ROOM_ID } from '../../test/fake-socket';
import { HOST_KEY, joinServer, serverSends, text, setUpHostRoomTests } from '../../test/host-room-harness';
import { renderApp } from '../../test/render-app';

setUpHostRoomTests();

/** A browser in a language no host may speak (Klingon): the input language starts unset. */
const noHostLanguageInBrowser = () => jest.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['tlh']);
afterEach(() => jest.restoreAllMocks());

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
    serverSends(socket, {
      type: 'room_start',
      roomId: ROOM_ID,
      messageId: 'e1',
      timestamp: '2026-01-01T10:00:00.000Z',
      sourceLanguage: 'es',
    });
    expect(text('room-status-badge')).toBe('Active');
    expect(text('end-room')).toBe('End Room');

    fireEvent.click(screen.getByTestId('toggle-recording'));
    await waitFor(() => expect(text('recording-badge')).toBe('Recording'));
    const recognition = FakeRecognition.latest();
    expect(recognition.lang).toBe('es-ES');
    expect((screen.getByTestId('input-language') as HTMLSelectElement).disabled).toBe(true);

    act(() => recognition.say('  Buenos días a todos  '));
    const [frame] = socket.sentOfType('transcript');
    expect(frame).toMatchObject({
      type: 'transcript',
      text: 'Buenos días a todos',
      sourceLanguage: 'es',
      confidence: 0.92,
      final: true,
      enhance: true,
    });
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

  it("starts a new room on the browser's language, said to be a suggestion, until the host picks one", () => {
    renderApp(`/room/${ROOM_ID}`);
    const socket = joinServer({ room: { name: 'Keynote', status: 'scheduled', sourceLanguage: null } });
    const select = screen.getByTestId('input-language') as HTMLSelectElement;
    expect(select.value).toBe('en');
    expect(text('input-language-hint')).toBe("Your browser's language, as a suggestion: pick the one you will speak.");
    expect(select.getAttribute('aria-describedby')).toBe(screen.getByTestId('input-language-hint').id);

    fireEvent.change(select, { target: { value: 'fr' } });
    expect(select.value).toBe('fr');
    expect(screen.queryByTestId('input-language-hint')).toBeNull();
    fireEvent.click(screen.getByTestId('toggle-room'));
    expect(socket.sentOfType('room_start')).toEqual([{ type: 'room_start', sourceLanguage: 'fr' }]);
  });

  it('asks for a language before recording', async () => {
    noHostLanguageInBrowser();
    renderApp(`/room/${ROOM_ID}`);
    const socket = joinServer({ room: { name: 'Keynote', status: 'active', sourceLanguage: null } });
    fireEvent.click(screen.getByTestId('toggle-recording'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Please select a language first'));

    fireEvent.change(screen.getByTestId('input-language'), { target: { value: 'fr' } });
    expect(new URLSearchParams(window.location.search).get('from')).toBe('fr');
    fireEvent.click(screen.getByTestId('toggle-recording'));
    await waitFor(() => expect(text('recording-badge')).toBe('Recording'));
    // The empty log says what is going on, not "Start the room and start recording" while recording.
    expect(screen.getByText('Recording: what you say appears here.')).toBeTruthy();
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

  it('waits for the first connection and for a language before starting the room', () => {
    noHostLanguageInBrowser();
    renderApp(`/room/${ROOM_ID}`);
    const button = screen.getByTestId('toggle-room') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.textContent).toBe('Connecting...');
    const socket = joinServer();
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    expect(socket.sentOfType('room_start')).toEqual([]);
    expect(screen.getByRole('alert').textContent).toBe('Please select your input language first');
    // The select says so too, and takes the focus.
    const select = screen.getByTestId('input-language');
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(select.getAttribute('aria-describedby') as string)?.textContent).toBe(
      'Please select your input language first',
    );
    expect(document.activeElement).toBe(select);
    fireEvent.change(screen.getByTestId('input-language'), { target: { value: 'de' } });
    serverSends(socket, joinedFrame({ room: { name: 'Keynote', status: 'scheduled', sourceLanguage: null } }));
    expect((screen.getByTestId('input-language') as HTMLSelectElement).value).toBe('de');
    fireEvent.click(button);
    expect(socket.sentOfType('room_start')).toEqual([{ type: 'room_start', sourceLanguage: 'de' }]);
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
