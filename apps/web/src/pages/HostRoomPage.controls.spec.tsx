import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { FakeRecognition } from '../../test/fake-recognition';
import { ROOM_ID } from '../../test/fake-socket';
import { HOST_KEY, joinServer, serverSends, text, setUpHostRoomTests } from '../../test/host-room-harness';
import { renderApp } from '../../test/render-app';

setUpHostRoomTests();

describe('Host room recording, log, share and notices', () => {
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
    serverSends(socket, {
      type: 'room_start',
      roomId: ROOM_ID,
      messageId: 'e1',
      timestamp: '2026-01-01T10:00:00.000Z',
      sourceLanguage: 'es',
    });
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
