import { act, fireEvent, screen } from '@testing-library/react';
import { ROOM_ID } from '../../test/fake-socket';
import { jsonResponse } from '../../test/render-app';
import { joinServer, openViewer, send, translation, setUpViewerRoomTests } from '../../test/viewer-room-harness';

setUpViewerRoomTests();

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
