import { act, screen } from '@testing-library/react';
import { ROOM_ID } from '../../test/fake-socket';
import { ANA, HOST, interim, translation } from '../../test/room-frames';
import { joinServer, openViewer, send, setUpViewerRoomTests } from '../../test/viewer-room-harness';

setUpViewerRoomTests();

/** A viewer reading German, the page in `locale`, the host connected and the room live. */
async function openReader(locale: 'en' | 'es' = 'en') {
  window.localStorage.setItem('lt.locale', locale);
  await openViewer(`/view/${ROOM_ID}?lang=de`);
  return joinServer('active', 0, { hostConnected: true, room: { name: 'Keynote', status: 'active', sourceLanguage: 'en' } });
}

const names = () => screen.queryAllByTestId('message-speaker').map((n) => n.textContent);
const activity = () => screen.getByTestId('host-activity').textContent;
const language = () => screen.getByTestId('speaker-language').textContent;

describe('Viewer room with several speakers', () => {
  it('names nobody while only the host has spoken', async () => {
    const socket = await openReader();
    send(
      socket,
      translation(1, 'de', { ...HOST, sourceLanguage: 'en' }),
      translation(2, 'de', { speakerId: 'host-b2', speakerName: 'Host', sourceLanguage: 'en' }),
    );
    expect(screen.getAllByTestId('translated-message')).toHaveLength(2);
    expect(names()).toEqual([]);
    expect(activity()).toBe('Host speaking');
    expect(language()).toBe('Host language: English (US)');
  });

  it('names every line, before its text, once a guest has spoken, and the header follows the current speaker', async () => {
    const socket = await openReader();
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
    const socket = await openReader('es');
    send(socket, translation(1, 'de', HOST), translation(2, 'de', { ...ANA, speakerName: ' ', sourceLanguage: 'fr' }));
    expect(names()).toEqual(['Anfitrión:', 'Ponente invitado:']);
    expect(activity()).toBe('Habla Ponente invitado');
    expect(language()).toBe('Idioma de Ponente invitado: Français');
  });
});
