import type { LanguageCode } from '@lt/contracts';
import { act, fireEvent, screen } from '@testing-library/react';
import type { Handler } from '../../test/auth-fixtures';
import { makeProfile, makeSession, routeFetch, storeSession } from '../../test/auth-fixtures';
import { FakeSocket, joinedFrame, ROOM_ID } from '../../test/fake-socket';
import { jsonResponse, renderApp, preloadPages } from '../../test/render-app';

beforeAll(preloadPages);

function translation(seq: number, lang: LanguageCode = 'en', extra: Record<string, unknown> = {}) {
  return {
    type: 'translation',
    messageId: `m-${seq}`,
    seq,
    lang,
    text: `Message ${seq} in ${lang}`,
    sourceLanguage: 'es',
    timestamp: '2026-01-01T10:00:00.000Z',
    speakerId: 'host-1',
    speakerName: 'Host',
    ...extra,
  };
}

function roomEvent(type: 'room_start' | 'room_end') {
  return { type, roomId: ROOM_ID, messageId: `${type}-1`, timestamp: '2026-01-01T10:00:00.000Z', sourceLanguage: 'de' };
}

const VIEW = `GET /api/view/${ROOM_ID}`;
const publicRoom = (status = 'active') => ({ id: ROOM_ID, name: 'Keynote', status, source_language: 'es' });

/** The viewer page asks for the room first; it connects once the room is known to exist. */
async function openViewer(path: string, routes: Record<string, Handler> = {}) {
  const fetchMock = routeFetch({ [VIEW]: () => jsonResponse(200, publicRoom()), ...routes });
  renderApp(path);
  await act(() => jest.advanceTimersByTimeAsync(0));
  return fetchMock;
}

function joinServer(status = 'active', seq = 0, extra: Record<string, unknown> = {}): FakeSocket {
  const socket = FakeSocket.latest();
  act(() => {
    socket.open();
    socket.receive(joinedFrame({ role: 'viewer', room: { name: 'Keynote', status, sourceLanguage: 'es' }, seq, ...extra }));
  });
  return socket;
}

/** The picker as a viewer uses it: search, then Enter on the best match. */
function pickLanguage(search: string) {
  const box = screen.getByTestId('viewer-language');
  fireEvent.focus(box);
  fireEvent.change(box, { target: { value: search } });
  fireEvent.keyDown(box, { key: 'Enter' });
}

const send = (socket: FakeSocket, ...frames: object[]) => act(() => frames.forEach((frame) => socket.receive(frame)));
const shown = () => screen.queryAllByTestId('translated-message').map((m) => Number(m.dataset.seq));
const status = () => screen.getByTestId('viewer-status').textContent;

beforeEach(() => {
  jest.useFakeTimers();
  window.localStorage.clear();
});
afterEach(() => jest.useRealTimers());

describe('Viewer room', () => {
  it("adds a signed-in viewer's access token to the join frame", async () => {
    const session = makeSession();
    storeSession(session);
    await openViewer(`/view/${ROOM_ID}?lang=en`, { 'GET /api/profile': () => jsonResponse(200, makeProfile()) });
    const socket = joinServer();
    expect(socket.sent[0]).toEqual({ type: 'join', roomId: ROOM_ID, role: 'viewer', lang: 'en', accessToken: session.access_token });
    await act(() => jest.advanceTimersByTimeAsync(0));
  });

  it('goes from Connecting to Waiting for host to Live and follows the host language', async () => {
    await openViewer(`/view/${ROOM_ID}?lang=en&name=Keynote`);
    expect(status()).toBe('Connecting');
    const socket = joinServer('scheduled');
    expect(socket.sent[0]).toEqual({ type: 'join', roomId: ROOM_ID, role: 'viewer', lang: 'en' });
    expect(status()).toBe('Waiting for host');
    expect(screen.getByTestId('host-language').textContent).toBe('Español');
    send(socket, roomEvent('room_start'));
    expect(status()).toBe('Live');
    expect(screen.getByTestId('host-language').textContent).toBe('Deutsch');
    send(socket, translation(1, 'en', { sourceLanguage: 'it' }));
    expect(screen.getByTestId('host-language').textContent).toBe('Italiano');
    send(socket, roomEvent('room_end'));
    expect(status()).toBe('Session ended');
    expect(screen.getByTestId('session-ended').textContent).toContain('This session has ended');
  });

  it('shows each message once, in seq order, and asks once for a gap', async () => {
    await openViewer(`/view/${ROOM_ID}?lang=en`);
    const socket = joinServer();
    send(socket, translation(1), translation(2), translation(2), translation(5), translation(6), translation(1, 'fr'));
    expect(shown()).toEqual([1, 2, 5, 6]);
    expect(socket.sentOfType('resync')).toEqual([{ type: 'resync', since: 2 }]);
    send(socket, translation(4), translation(3));
    expect(shown()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(screen.getAllByTestId('translated-message').map((m) => m.dataset.lang)).toEqual(Array(6).fill('en'));
    expect(socket.sentOfType('resync')).toHaveLength(1);
  });

  it('re-joins after a drop with since = the last contiguous seq', async () => {
    await openViewer(`/view/${ROOM_ID}?lang=en`);
    const first = joinServer();
    send(first, translation(1), translation(2), translation(4));
    act(() => first.drop());
    expect(status()).toBe('Reconnecting…');
    act(() => jest.advanceTimersByTime(3_000));
    const second = FakeSocket.latest();
    expect(second).not.toBe(first);
    act(() => second.open());
    expect(second.sent[0]).toEqual({ type: 'join', roomId: ROOM_ID, role: 'viewer', lang: 'en', since: 2 });
  });

  it('starts over in the new language and keeps it in the address', async () => {
    await openViewer(`/view/${ROOM_ID}?lang=en&name=Keynote`);
    const socket = joinServer();
    send(socket, translation(1), translation(2));
    pickLanguage('French');
    expect(shown()).toEqual([]);
    expect(socket.sentOfType('set_language')).toEqual([{ type: 'set_language', lang: 'fr' }]);
    expect(new URLSearchParams(window.location.search).get('lang')).toBe('fr');
    expect(new URLSearchParams(window.location.search).get('name')).toBe('Keynote');
    send(socket, translation(3, 'en'), translation(1, 'fr'), translation(2, 'fr'));
    expect(shown()).toEqual([1, 2]);
    expect(screen.getAllByTestId('translated-message')[0].textContent).toContain('Message 1 in fr');
  });

  it('asks a viewer without a language to pick one and shows no translations', async () => {
    await openViewer(`/view/${ROOM_ID}`);
    const socket = joinServer();
    expect(socket.sent[0]).toEqual({ type: 'join', roomId: ROOM_ID, role: 'viewer' });
    expect(screen.getByText('Select a language to read the translations.')).toBeTruthy();
    send(socket, translation(1));
    expect(shown()).toEqual([]);
    pickLanguage('English');
    expect(socket.sentOfType('set_language')).toEqual([{ type: 'set_language', lang: 'en' }]);
  });

  it('marks untranslated text and shows one interim line until the translation arrives', async () => {
    await openViewer(`/view/${ROOM_ID}?lang=en`);
    const socket = joinServer();
    send(socket, translation(1, 'en', { text: '[Original] Hola', fallback: 'original' }));
    const message = screen.getByTestId('translated-message');
    expect(message.querySelector('.message-text')?.textContent).toBe('Hola');
    expect(screen.getAllByTestId('original-badge').map((b) => b.textContent)).toEqual(['Original']);
    send(socket, translation(2, 'en', { text: 'Hello (backup)', fallback: 'service' }));
    expect(screen.getAllByTestId('service-badge').map((b) => [b.textContent, b.getAttribute('title')])).toEqual([
      ['Backup translation', 'Translated by the backup translation service, not the usual translator'],
    ]);
    expect(screen.getAllByTestId('translated-message')[1].querySelector('.message-text')?.textContent).toBe('Hello (backup)');
    expect(message.querySelector('time')?.getAttribute('dateTime')).toBe('2026-01-01T10:00:00.000Z');
    const interim = (text: string) => ({ ...translation(0), type: 'interim', roomId: ROOM_ID, text });
    send(socket, interim('Buenos'), interim('Buenos días'));
    expect(screen.getAllByTestId('interim-line').map((l) => l.textContent)).toEqual(['In progress: Buenos días']);
    send(socket, translation(3));
    expect(screen.queryByTestId('interim-line')).toBeNull();
  });

  it('scrolls the list 100 ms after new text', async () => {
    await openViewer(`/view/${ROOM_ID}?lang=en`);
    const socket = joinServer();
    const list = screen.getByTestId('message-list');
    Object.defineProperty(list, 'scrollHeight', { value: 900, configurable: true });
    send(socket, translation(1));
    act(() => jest.advanceTimersByTime(99));
    expect(list.scrollTop).toBe(0);
    act(() => jest.advanceTimersByTime(1));
    expect(list.scrollTop).toBe(900);
  });

  it('reads new translations aloud only when unmuted', async () => {
    const speak = jest.fn();
    const cancel = jest.fn();
    Object.assign(window, { speechSynthesis: { speak, cancel } });
    (globalThis as { SpeechSynthesisUtterance?: unknown }).SpeechSynthesisUtterance = class {
      lang = '';
      constructor(readonly text: string) {}
    };
    try {
      await openViewer(`/view/${ROOM_ID}?lang=en`);
      const socket = joinServer('active', 2);
      expect(screen.getByTestId('mute-toggle').textContent).toContain('Unmute');
      send(socket, translation(3));
      await act(() => jest.advanceTimersByTimeAsync(0));
      expect(speak).not.toHaveBeenCalled();
      fireEvent.click(screen.getByTestId('mute-toggle'));
      send(socket, translation(1), translation(4));
      await act(() => jest.advanceTimersByTimeAsync(0));
      expect(speak).toHaveBeenCalledTimes(1);
      expect(speak.mock.calls[0][0]).toMatchObject({ text: 'Message 4 in en', lang: 'en-US' });
    } finally {
      delete (window as { speechSynthesis?: unknown }).speechSynthesis;
      delete (globalThis as { SpeechSynthesisUtterance?: unknown }).SpeechSynthesisUtterance;
    }
  });
});

describe('Viewer room states', () => {
  it('shows one "room not found" screen for an unknown room and never connects', async () => {
    await openViewer(`/view/${ROOM_ID}?lang=en`, {
      [VIEW]: () => jsonResponse(404, { error: { code: 'room_not_found', message: 'Room not found' } }),
    });
    expect(screen.getByTestId('room-not-found').textContent).toContain('Room not found');
    expect(screen.queryByText('Connecting')).toBeNull();
    expect(FakeSocket.instances).toHaveLength(0);
  });

  it('says whether the host is speaking, silent or disconnected while live', async () => {
    await openViewer(`/view/${ROOM_ID}?lang=en`);
    const socket = joinServer('active', 0, { hostConnected: true });
    const activity = () => screen.getByTestId('host-activity').dataset.activity;
    expect(activity()).toBe('silent');
    send(socket, { ...translation(0), type: 'interim', roomId: ROOM_ID, text: 'Hola' });
    expect(activity()).toBe('speaking');
    act(() => jest.advanceTimersByTime(5_000));
    expect(activity()).toBe('silent');
    send(socket, { type: 'host_status', roomId: ROOM_ID, connected: false, timestamp: '2026-01-01T10:00:00.000Z' });
    expect(activity()).toBe('disconnected');
    expect(screen.getByTestId('host-activity').textContent).toBe('Host disconnected');
  });

  it('shows the quota notice while the room is out of budget', async () => {
    await openViewer(`/view/${ROOM_ID}?lang=en`);
    const socket = joinServer('active', 0, { quotaExhausted: true });
    expect(screen.getByTestId('quota-notice')).toBeTruthy();
    send(socket, { type: 'quota_restored', roomId: ROOM_ID, timestamp: '2026-01-01T10:00:00.000Z' });
    expect(screen.queryByTestId('quota-notice')).toBeNull();
    send(socket, { type: 'quota_exhausted', roomId: ROOM_ID, timestamp: '2026-01-01T10:00:00.000Z' });
    expect(screen.getByTestId('quota-notice')).toBeTruthy();
  });

  it('treats a deleted room as ended, not as a failure, and does not reconnect', async () => {
    await openViewer(`/view/${ROOM_ID}?lang=en`);
    const socket = joinServer();
    send(socket, translation(1));
    send(socket, roomEvent('room_end'));
    act(() => socket.drop(4003, 'Room deleted'));
    act(() => jest.advanceTimersByTime(60_000));
    expect(FakeSocket.instances).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(shown()).toEqual([1]);
  });
});

describe('Viewer summaries', () => {
  const summaryRoute = `POST /api/rooms/${ROOM_ID}/summary`;

  it('writes an Arabic summary and Arabic lines right to left, and an untranslated line in its own direction', async () => {
    await openViewer(`/view/${ROOM_ID}?lang=ar`, {
      [summaryRoute]: () => jsonResponse(200, { summary: 'قالوا مرحبا', upToSeq: 2, fromSeq: 0 }),
    });
    const socket = joinServer();
    send(socket, translation(1, 'ar', { text: 'مرحبا بالجميع' }), translation(2, 'ar', { text: '[Original] Hola', fallback: 'original' }));
    const [arabic, original] = screen.getAllByTestId('translated-message');
    expect([arabic.getAttribute('lang'), arabic.getAttribute('dir')]).toEqual(['ar', 'rtl']);
    expect([original.getAttribute('lang'), original.getAttribute('dir')]).toEqual(['es', 'ltr']);
    fireEvent.click(screen.getByTestId('generate-summary'));
    await act(() => jest.advanceTimersByTimeAsync(0));
    const summary = screen.getByTestId('summary-text');
    expect([summary.textContent, summary.getAttribute('lang'), summary.getAttribute('dir')]).toEqual(['قالوا مرحبا', 'ar', 'rtl']);
  });

  it('generates a summary in the viewer language and copies it', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const fetchMock = await openViewer(`/view/${ROOM_ID}?lang=en`, {
      [summaryRoute]: () => jsonResponse(200, { summary: 'They said hello.', upToSeq: 1, fromSeq: 0 }),
    });
    const socket = joinServer();
    send(socket, translation(1));
    fireEvent.click(screen.getByTestId('generate-summary'));
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(screen.getByTestId('summary-text').textContent).toBe('They said hello.');
    const call = fetchMock.mock.calls.find(([url]) => url === `/api/rooms/${ROOM_ID}/summary`);
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ lang: 'en' });
    fireEvent.click(screen.getByTestId('copy-summary'));
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(writeText).toHaveBeenCalledWith('They said hello.');
    expect(screen.getByTestId('copy-summary').textContent).toBe('Copied!');
  });

  it('says there is nothing to summarise, and how a failure reads', async () => {
    let answer = jsonResponse(409, { error: { code: 'nothing_to_summarize', message: 'No translations to summarize' } });
    await openViewer(`/view/${ROOM_ID}?lang=en`, { [summaryRoute]: () => answer });
    const socket = joinServer();
    fireEvent.click(screen.getByTestId('generate-summary'));
    expect(screen.getByTestId('summary-error').textContent).toBe('No translations to summarize');
    send(socket, translation(1));
    fireEvent.click(screen.getByTestId('generate-summary'));
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(screen.getByTestId('summary-error').textContent).toBe('No translations to summarize');
    answer = jsonResponse(429, { error: { code: 'too_many_requests', message: 'Too many requests' } });
    fireEvent.click(screen.getByTestId('generate-summary'));
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(screen.getByTestId('summary-error').textContent).toBe('Failed to summary: Too many requests');
  });

  it('offers a returning viewer a catch-up since the last message it had seen', async () => {
    window.localStorage.setItem(`lt.viewer.seen.${ROOM_ID}`, '4');
    const fetchMock = await openViewer(`/view/${ROOM_ID}?lang=en`, {
      [summaryRoute]: () => jsonResponse(200, { summary: 'You missed a lot.', upToSeq: 9, fromSeq: 0 }),
    });
    joinServer('active', 9);
    expect(screen.getByTestId('catch-up-offer').dataset.kind).toBe('back');
    expect(screen.getByTestId('catch-up-offer').textContent).toContain('5 messages were said while you were away');
    fireEvent.click(screen.getByTestId('catch-up'));
    await act(() => jest.advanceTimersByTimeAsync(0));
    const call = fetchMock.mock.calls.find(([url]) => url === `/api/rooms/${ROOM_ID}/summary`);
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ lang: 'en', sinceSeq: 4 });
    expect(screen.getByTestId('summary-box').dataset.kind).toBe('catch-up');
    expect(screen.queryByTestId('catch-up-offer')).toBeNull();
    expect(window.localStorage.getItem(`lt.viewer.seen.${ROOM_ID}`)).toBe('9');
  });

  it('offers a late joiner what was said before it arrived, and nothing to one who missed nothing', async () => {
    const fetchMock = await openViewer(`/view/${ROOM_ID}?lang=en`, {
      [summaryRoute]: () => jsonResponse(200, { summary: 'Earlier.', upToSeq: 30, fromSeq: 0 }),
    });
    joinServer('active', 30);
    expect(screen.getByTestId('catch-up-offer').textContent).toContain('30 messages were said before you arrived');
    fireEvent.click(screen.getByTestId('catch-up'));
    await act(() => jest.advanceTimersByTimeAsync(0));
    const call = fetchMock.mock.calls.find(([url]) => url === `/api/rooms/${ROOM_ID}/summary`);
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ lang: 'en' });
  });
});

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
    expect(audioCalls).toEqual([
      `/api/rooms/${ROOM_ID}/messages/m-3/audio?lang=en`,
      `/api/rooms/${ROOM_ID}/messages/m-4/audio?lang=en`,
    ]);
    expect(played).toEqual(['blob:audio-1', 'blob:audio-2']);
  });

  it("reads a language the server has no voice for with the browser's voice, in that language's locale", async () => {
    const speak = jest.fn();
    Object.assign(window, { speechSynthesis: { speak, cancel: jest.fn() } });
    (globalThis as { SpeechSynthesisUtterance?: unknown }).SpeechSynthesisUtterance = class {
      lang = '';
      constructor(readonly text: string) {}
    };
    try {
      const noVoice = () => ({ ok: false, status: 404, json: () => Promise.resolve({ error: { code: 'tts_no_voice', message: 'No voice' } }) }) as Response;
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
      delete (window as { speechSynthesis?: unknown }).speechSynthesis;
      delete (globalThis as { SpeechSynthesisUtterance?: unknown }).SpeechSynthesisUtterance;
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
