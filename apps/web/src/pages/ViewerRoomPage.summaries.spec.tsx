import { act, fireEvent, screen } from '@testing-library/react';
import { ROOM_ID, type FakeSocket } from '../../test/fake-socket';
import { jsonResponse } from '../../test/render-app';
import { joinServer, openViewer, send, translation, setUpViewerRoomTests } from '../../test/viewer-room-harness';

setUpViewerRoomTests();

/** The gateway's answer to every `summary_request` of this language and span: one frame, naming no request. */
const summaryFrame = (lang: string, sinceSeq: number, summary: string, upToSeq: number) => ({
  type: 'summary',
  roomId: ROOM_ID,
  lang,
  sinceSeq,
  summary,
  fromSeq: sinceSeq,
  upToSeq,
});

/** The summary requests the page sent on its socket, without their ids. */
const asked = (socket: FakeSocket) =>
  socket.sentOfType('summary_request').map(({ requestId, ...rest }) => (expect(requestId).toBeTruthy(), rest));

describe('Viewer summaries (asked on the socket)', () => {
  it('writes an Arabic summary and Arabic lines right to left, and an untranslated line in its own direction', async () => {
    await openViewer(`/view/${ROOM_ID}?lang=ar`);
    const socket = joinServer();
    send(socket, translation(1, 'ar', { text: 'مرحبا بالجميع' }), translation(2, 'ar', { text: '[Original] Hola', fallback: 'original' }));
    const [arabic, original] = screen.getAllByTestId('translated-message');
    expect([arabic.getAttribute('lang'), arabic.getAttribute('dir')]).toEqual(['ar', 'rtl']);
    expect([original.getAttribute('lang'), original.getAttribute('dir')]).toEqual(['es', 'ltr']);
    fireEvent.click(screen.getByTestId('generate-summary'));
    await act(() => jest.advanceTimersByTimeAsync(0));
    send(socket, summaryFrame('ar', 0, 'قالوا مرحبا', 2));
    await act(() => jest.advanceTimersByTimeAsync(0));
    const summary = screen.getByTestId('summary-text');
    expect([summary.textContent, summary.getAttribute('lang'), summary.getAttribute('dir')]).toEqual(['قالوا مرحبا', 'ar', 'rtl']);
  });

  it('generates a summary in the viewer language and copies it', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const fetchMock = await openViewer(`/view/${ROOM_ID}?lang=en`);
    const socket = joinServer();
    send(socket, translation(1));
    fireEvent.click(screen.getByTestId('generate-summary'));
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(asked(socket)).toEqual([{ type: 'summary_request', lang: 'en' }]);
    // Another language's or span's answer is not this one.
    send(socket, summaryFrame('fr', 0, 'Ils ont dit bonjour.', 1), summaryFrame('en', 10, 'Later.', 12));
    expect(screen.queryByTestId('summary-text')).toBeNull();
    send(socket, summaryFrame('en', 0, 'They said hello.', 1));
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(screen.getByTestId('summary-text').textContent).toBe('They said hello.');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/summary'))).toBe(false);
    fireEvent.click(screen.getByTestId('copy-summary'));
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(writeText).toHaveBeenCalledWith('They said hello.');
    expect(screen.getByTestId('copy-summary').textContent).toBe('Copied!');
  });

  it('says there is nothing to summarise, and how a failure reads', async () => {
    await openViewer(`/view/${ROOM_ID}?lang=en`);
    const socket = joinServer();
    fireEvent.click(screen.getByTestId('generate-summary'));
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(screen.getByTestId('summary-error').textContent).toBe('No translations to summarize');
    send(socket, translation(1));
    fireEvent.click(screen.getByTestId('generate-summary'));
    await act(() => jest.advanceTimersByTimeAsync(0));
    const refuse = (code: string, message: string) => {
      const requestId = socket.sentOfType('summary_request').at(-1)?.requestId;
      send(socket, { type: 'summary_error', requestId, code, message });
    };
    refuse('nothing_to_summarize', 'No translations to summarize');
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(screen.getByTestId('summary-error').textContent).toBe('No translations to summarize');
    fireEvent.click(screen.getByTestId('generate-summary'));
    await act(() => jest.advanceTimersByTimeAsync(0));
    refuse('over_request_rate_limit', 'Too many requests');
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(screen.getByTestId('summary-error').textContent).toBe('Failed to summary: Too many attempts. Wait a moment and try again.');
  });

  it('offers a returning viewer a catch-up since the last message it had seen', async () => {
    window.localStorage.setItem(`lt.viewer.seen.${ROOM_ID}`, '4');
    await openViewer(`/view/${ROOM_ID}?lang=en`);
    const socket = joinServer('active', 9);
    expect(screen.getByTestId('catch-up-offer').dataset.kind).toBe('back');
    expect(screen.getByTestId('catch-up-offer').textContent).toContain('5 messages were said while you were away');
    fireEvent.click(screen.getByTestId('catch-up'));
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(asked(socket)).toEqual([{ type: 'summary_request', lang: 'en', sinceSeq: 4 }]);
    send(socket, summaryFrame('en', 0, 'You missed a lot.', 9));
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(screen.getByTestId('summary-box').dataset.kind).toBe('catch-up');
    expect(screen.queryByTestId('catch-up-offer')).toBeNull();
    expect(window.localStorage.getItem(`lt.viewer.seen.${ROOM_ID}`)).toBe('9');
  });

  it('offers a late joiner what was said before it arrived, and nothing to one who missed nothing', async () => {
    await openViewer(`/view/${ROOM_ID}?lang=en`);
    const socket = joinServer('active', 30);
    expect(screen.getByTestId('catch-up-offer').textContent).toContain('30 messages were said before you arrived');
    fireEvent.click(screen.getByTestId('catch-up'));
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(asked(socket)).toEqual([{ type: 'summary_request', lang: 'en' }]);
    send(socket, summaryFrame('en', 0, 'Earlier.', 30));
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(screen.getByTestId('summary-text').textContent).toBe('Earlier.');
  });

  it('fails what waits when the connection goes, and asks over HTTP while the socket is not joined', async () => {
    const fetchMock = await openViewer(`/view/${ROOM_ID}?lang=en`, {
      [`POST /api/rooms/${ROOM_ID}/summary`]: () => jsonResponse(200, { summary: 'Over HTTP.', upToSeq: 1, fromSeq: 0 }),
    });
    const socket = joinServer();
    send(socket, translation(1));
    fireEvent.click(screen.getByTestId('generate-summary'));
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(asked(socket)).toHaveLength(1);
    act(() => socket.drop());
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(screen.getByTestId('summary-error').textContent).toContain('Failed to summary');
    fireEvent.click(screen.getByTestId('generate-summary'));
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(screen.getByTestId('summary-text').textContent).toBe('Over HTTP.');
    const call = fetchMock.mock.calls.find(([url]) => url === `/api/rooms/${ROOM_ID}/summary`);
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ lang: 'en' });
  });
});
