import { act, screen } from '@testing-library/react';
import { routeFetch } from '../../test/auth-fixtures';
import { FakeSocket, joinedFrame, ROOM_ID } from '../../test/fake-socket';
import { jsonResponse, preloadPages, renderApp } from '../../test/render-app';
import { ANA, HOST, interim, translation } from '../../test/room-frames';

beforeAll(preloadPages);
beforeEach(() => {
  jest.useFakeTimers();
  window.localStorage.clear();
});
afterEach(() => jest.useRealTimers());

async function openViewer(locale: 'en' | 'es' = 'en'): Promise<FakeSocket> {
  window.localStorage.setItem('lt.locale', locale);
  routeFetch({ [`GET /api/view/${ROOM_ID}`]: () => jsonResponse(200, { id: ROOM_ID, name: 'Keynote', status: 'active', source_language: 'en' }) });
  renderApp(`/view/${ROOM_ID}?lang=de`);
  await act(() => jest.advanceTimersByTimeAsync(0));
  const socket = FakeSocket.latest();
  act(() => {
    socket.open();
    socket.receive(joinedFrame({ role: 'viewer', room: { name: 'Keynote', status: 'active', sourceLanguage: 'en' }, hostConnected: true }));
  });
  return socket;
}

const send = (socket: FakeSocket, ...frames: object[]) => act(() => frames.forEach((frame) => socket.receive(frame)));
const names = () => screen.queryAllByTestId('message-speaker').map((n) => n.textContent);
const activity = () => screen.getByTestId('host-activity').textContent;
const language = () => screen.getByTestId('speaker-language').textContent;

describe('Viewer room with several speakers', () => {
  it('names nobody while only the host has spoken', async () => {
    const socket = await openViewer();
    send(socket, translation(1, 'de', { ...HOST, sourceLanguage: 'en' }), translation(2, 'de', { speakerId: 'host-b2', speakerName: 'Host', sourceLanguage: 'en' }));
    expect(screen.getAllByTestId('translated-message')).toHaveLength(2);
    expect(names()).toEqual([]);
    expect(activity()).toBe('Host speaking');
    expect(language()).toBe('Host language: English (US)');
  });

  it('names every line, before its text, once a guest has spoken, and the header follows the current speaker', async () => {
    const socket = await openViewer();
    send(socket, translation(1, 'de', { ...HOST, sourceLanguage: 'en' }), interim('Hola', { ...ANA, sourceLanguage: 'es' }));
    expect(activity()).toBe('Ana speaking');
    expect(language()).toBe('Ana’s language: Español');
    expect(screen.getByTestId('interim-line').textContent).toContain('Ana: Hola');
    send(socket, translation(2, 'de', { ...ANA, sourceLanguage: 'es' }));
    expect(names()).toEqual(['Host:', 'Ana:']);
    const [first, second] = screen.getAllByTestId('translated-message');
    expect(first.textContent).toMatch(/^Host:.*line 1 in de$/);
    expect(second.textContent).toMatch(/^Ana:.*line 2 in de$/);
    // One log region: the names are inside the lines, not announced on their own.
    expect(screen.getAllByRole('log')).toHaveLength(1);
    expect(screen.getAllByTestId('message-speaker')[0].closest('[role="log"]')).not.toBeNull();

    send(socket, translation(3, 'de', { ...HOST, sourceLanguage: 'en' }));
    expect(names()).toEqual(['Host:', 'Ana:', 'Host:']);
    expect(activity()).toBe('Host speaking');
    expect(language()).toBe('Host language: English (US)');

    send(socket, translation(4, 'de', { ...ANA, sourceLanguage: 'es' }));
    act(() => jest.advanceTimersByTime(5_000));
    expect(activity()).toBe('Ana silent');
  });
});

describe('Viewer room with several speakers, in Spanish', () => {
  it('says who speaks and their language in Spanish', async () => {
    const socket = await openViewer('es');
    send(socket, translation(1, 'de', HOST), translation(2, 'de', { ...ANA, speakerName: ' ', sourceLanguage: 'fr' }));
    expect(names()).toEqual(['Host:', 'Ponente invitado:']);
    expect(activity()).toBe('Habla Ponente invitado');
    expect(language()).toBe('Idioma de Ponente invitado: Français');
  });
});
