import { act, fireEvent, screen } from '@testing-library/react';
import { ROOM_ID } from '../../test/fake-socket';
import { installBrowserVoice, joinServer, openViewer, send, translation, setUpViewerRoomTests } from '../../test/viewer-room-harness';

setUpViewerRoomTests();

describe('Viewer audio from the server', () => {
  const played: string[] = [];
  class FakeAudio {
    onplaying: (() => void) | null = null;
    onended: (() => void) | null = null;
    onerror: (() => void) | null = null;
    constructor(readonly src: string) {}
    play() {
      played.push(this.src);
      setTimeout(() => this.onplaying?.(), 1);
      setTimeout(() => this.onended?.(), 10);
      return Promise.resolve();
    }
    pause() {
      this.onended?.();
    }
  }

  beforeEach(() => {
    played.length = 0;
    Object.assign(window, { Audio: FakeAudio });
    let n = 0;
    Object.assign(URL, { createObjectURL: () => `blob:audio-${++n}`, revokeObjectURL: () => undefined });
  });

  const audioResponse = () => ({ ok: true, status: 200, blob: () => Promise.resolve(new Blob(['mp3'])) }) as Response;

  it('fetches each new message in the viewer language once unmuted, and plays them in order', async () => {
    const fetchMock = await openViewer(`/view/${ROOM_ID}?lang=en`, {
      [`GET /api/rooms/${ROOM_ID}/messages/m-3/audio?lang=en`]: audioResponse,
      [`GET /api/rooms/${ROOM_ID}/messages/m-4/audio?lang=en`]: audioResponse,
    });
    const socket = joinServer('active', 2, { ttsAvailable: true });
    send(socket, translation(1), translation(2));
    fireEvent.click(screen.getByTestId('mute-toggle'));
    send(socket, translation(3), translation(4));
    await act(() => jest.advanceTimersByTimeAsync(100));
    const audioCalls = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/audio'));
    expect(audioCalls).toEqual([`/api/rooms/${ROOM_ID}/messages/m-3/audio?lang=en`, `/api/rooms/${ROOM_ID}/messages/m-4/audio?lang=en`]);
    expect(played).toEqual(['blob:audio-1', 'blob:audio-2']);
  });

  it("reads a language the server has no voice for with the browser's voice, in that language's locale", async () => {
    const { speak, uninstall } = installBrowserVoice();
    try {
      const noVoice = () =>
        ({ ok: false, status: 404, json: () => Promise.resolve({ error: { code: 'tts_no_voice', message: 'No voice' } }) }) as Response;
      const fetchMock = await openViewer(`/view/${ROOM_ID}?lang=fa`, {
        [`GET /api/rooms/${ROOM_ID}/messages/m-1/audio?lang=fa`]: noVoice,
        [`GET /api/rooms/${ROOM_ID}/messages/m-2/audio?lang=fa`]: noVoice,
      });
      const socket = joinServer('active', 0, { ttsAvailable: true });
      fireEvent.click(screen.getByTestId('mute-toggle'));
      send(socket, translation(1, 'fa'));
      await act(() => jest.advanceTimersByTimeAsync(100));
      expect(played).toEqual([]);
      expect(speak.mock.calls.map(([u]) => [u.text, u.lang])).toEqual([['Message 1 in fa', 'fa-IR']]);
      // It keeps asking the server: another language may have a voice, and a provider may add one.
      send(socket, translation(2, 'fa'));
      await act(() => jest.advanceTimersByTimeAsync(100));
      expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/audio'))).toHaveLength(2);
    } finally {
      uninstall();
    }
  });

  it('asks for no audio while muted', async () => {
    const fetchMock = await openViewer(`/view/${ROOM_ID}?lang=en`);
    const socket = joinServer('active', 0, { ttsAvailable: true });
    send(socket, translation(1), translation(2));
    await act(() => jest.advanceTimersByTimeAsync(100));
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/audio'))).toEqual([]);
    expect(played).toEqual([]);
  });
});
