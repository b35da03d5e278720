import { fireEvent, screen } from '@testing-library/react';
import { ROOM_ID } from '../../test/fake-socket';
import { HOST_KEY, joinServer, serverSends, setUpHostRoomTests } from '../../test/host-room-harness';
import { renderApp } from '../../test/render-app';

setUpHostRoomTests();

const PROVIDER = { serverRecognition: { provider: 'deepgram', sampleRate: 16000 } };
const ACTIVE = { room: { name: 'Keynote', status: 'active', sourceLanguage: 'en' } };

/** A browser with an AudioWorklet (jsdom has none): enough for the page to offer server recognition. */
function withAudioWorklet(): () => void {
  const w = window as unknown as Record<string, unknown>;
  class FakeAudioContext {}
  Object.defineProperty(FakeAudioContext.prototype, 'audioWorklet', { value: {} });
  w.AudioContext = FakeAudioContext;
  w.AudioWorkletNode = class {};
  const media = {
    getUserMedia: jest.fn(),
    enumerateDevices: jest.fn(async () => []),
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
  };
  Object.defineProperty(navigator, 'mediaDevices', { value: media, configurable: true });
  return () => {
    delete w.AudioContext;
    delete w.AudioWorkletNode;
    Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
  };
}

describe('Host room: where speech is recognised', () => {
  beforeEach(() => window.localStorage.setItem(`lt.hostKey.${ROOM_ID}`, HOST_KEY));

  it('without a provider, records in the browser and says that server recognition needs ASR_PROVIDER', () => {
    renderApp(`/room/${ROOM_ID}?from=en`);
    joinServer(ACTIVE);
    expect(screen.getByTestId('server-recognition-note').textContent).toContain('ASR_PROVIDER');
    expect(screen.queryByTestId('recognition-settings')).toBeNull();
  });

  describe('with a provider and an AudioWorklet', () => {
    let restore: () => void;
    beforeEach(() => (restore = withAudioWorklet()));
    afterEach(() => restore());

    it('recognises on the server by default, with the picker, the meter and processing off', () => {
      renderApp(`/room/${ROOM_ID}?from=en`);
      joinServer({ ...ACTIVE, ...PROVIDER });
      expect((screen.getByTestId('recognition-server') as HTMLInputElement).checked).toBe(true);
      expect(screen.getByLabelText('Microphone')).toBe(screen.getByTestId('microphone-select'));
      const meter = screen.getByRole('meter', { name: 'Input level' });
      expect(meter.getAttribute('aria-valuenow')).toBe('0');
      for (const key of ['echoCancellation', 'noiseSuppression', 'autoGainControl']) {
        expect((screen.getByTestId(`audio-${key}`) as HTMLInputElement).checked).toBe(false);
      }
      fireEvent.click(screen.getByTestId('audio-noiseSuppression'));
      expect(JSON.parse(window.localStorage.getItem('lt.audio.processing') ?? '{}')).toMatchObject({ noiseSuppression: true });
    });

    it('can be switched to the browser, which hides the microphone settings', () => {
      renderApp(`/room/${ROOM_ID}?from=en`);
      joinServer({ ...ACTIVE, ...PROVIDER });
      fireEvent.click(screen.getByTestId('recognition-browser'));
      expect((screen.getByTestId('recognition-browser') as HTMLInputElement).checked).toBe(true);
      expect(screen.queryByTestId('microphone-select')).toBeNull();
    });

    it("shows the server's interim line of this host as its own, and its stored line without a name", () => {
      renderApp(`/room/${ROOM_ID}?from=en`);
      const socket = joinServer({ ...ACTIVE, ...PROVIDER });
      const line = {
        roomId: ROOM_ID,
        messageId: 'srv-1',
        sourceLanguage: 'en',
        timestamp: '2026-01-01T10:00:00.000Z',
        speakerId: 'host-9',
        speakerName: 'Host',
      };
      serverSends(socket, { type: 'interim', text: 'Welcome every', ...line });
      expect(screen.getByText('Welcome every')).toBeTruthy();
      expect(screen.queryByTestId('speaker-interim')).toBeNull();
      serverSends(socket, { type: 'transcript', seq: 1, text: 'Welcome everyone.', enhanced: false, ...line });
      expect(screen.queryByText('Welcome every')).toBeNull();
      expect(screen.getByTestId('transcript-entry').textContent).toContain('Welcome everyone.');
      expect(screen.queryByTestId('entry-speaker')).toBeNull();
    });
  });
});
