import { act, fireEvent, screen, within } from '@testing-library/react';
import { routeFetch, type Handler } from '../../../../test/auth-fixtures';
import { preferLanguages } from '../../../../test/browser-languages';
import { ROOM_ID } from '../../../../test/fake-socket';
import { jsonResponse, preloadPages, renderApp } from '../../../../test/render-app';

beforeAll(preloadPages);
preferLanguages(['es-ES']);
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const VIEW = `GET /api/view/${ROOM_ID}`;
const TRANSCRIPT = `GET /api/view/${ROOM_ID}/transcript`;
const TZ = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const publicRoom = (viewerDownloads: boolean) => ({
  id: ROOM_ID,
  name: 'Keynote',
  status: 'active',
  source_language: 'es',
  viewer_downloads: viewerDownloads,
});

const transcript = {
  room: { name: 'Keynote', source_language: 'es', created_at: '2026-01-01T10:00:00.000Z', updated_at: '2026-01-01T10:05:00.000Z' },
  lang: 'ar',
  dir: 'rtl',
  lines: [
    { message_id: 'm-1', seq: 1, timestamp: '2026-01-01T10:00:01.000Z', speaker_name: 'Host', text: 'مرحبا بالجميع' },
    { message_id: 'm-2', seq: 2, timestamp: '2026-01-01T10:00:05.000Z', speaker_name: 'Host', text: 'نبدأ الآن' },
  ],
};

function fileResponse(body: string, name: string): Response {
  return {
    ok: true,
    status: 200,
    headers: new Headers({ 'Content-Disposition': `attachment; filename="${name}"` }),
    blob: () => Promise.resolve(new Blob([body], { type: 'text/vtt' })),
  } as unknown as Response;
}

async function openViewer(path: string, viewerDownloads: boolean, routes: Record<string, Handler> = {}) {
  const fetchMock = routeFetch({ [VIEW]: () => jsonResponse(200, publicRoom(viewerDownloads)), ...routes });
  renderApp(path);
  await act(() => jest.advanceTimersByTimeAsync(0));
  return fetchMock;
}

const headersOf = (fetchMock: jest.Mock, key: string) => {
  const call = fetchMock.mock.calls.find(([url]) => `GET ${String(url)}` === key);
  return new Headers((call?.[1] as RequestInit | undefined)?.headers);
};

describe('the room transcript on the viewer page', () => {
  const createObjectURL = jest.fn(() => 'blob:transcript');
  beforeEach(() => {
    createObjectURL.mockClear();
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
  });

  it('opens the transcript in the caption language, right to left, and downloads the file the server names', async () => {
    const fetchMock = await openViewer(`/view/${ROOM_ID}?lang=ar`, true, {
      [`${TRANSCRIPT}?lang=ar`]: () => jsonResponse(200, transcript),
      [`${TRANSCRIPT}.vtt?lang=ar&tz=${encodeURIComponent(TZ)}&ui=es&locale=es-ES`]: () =>
        fileResponse('WEBVTT\n', 'transcripcion-keynote-2026-01-01.vtt'),
    });
    fireEvent.click(screen.getByTestId('room-transcript-open'));
    await act(() => jest.advanceTimersByTimeAsync(0));

    const dialog = screen.getByRole('dialog', { name: 'Transcripción de Keynote' });
    // The dialog adds no banner landmark of its own beside the page's (axe: landmark-no-duplicate-banner).
    expect(within(dialog).queryAllByRole('banner')).toHaveLength(0);
    expect(within(dialog).getByTestId('room-transcript-meta').textContent).toBe('En árabe · 2 líneas');
    const list = within(dialog).getByRole('list', { name: 'Líneas de la transcripción' });
    expect([list.getAttribute('lang'), list.getAttribute('dir')]).toEqual(['ar', 'rtl']);
    expect(
      within(list)
        .getAllByTestId('room-transcript-line')
        .map((li) => li.querySelector('.room-transcript-text')?.textContent),
    ).toEqual(['مرحبا بالجميع', 'نبدأ الآن']);
    expect(headersOf(fetchMock, `${TRANSCRIPT}?lang=ar`).get('X-Client-Id')).toMatch(/^[0-9a-f]{32}$/);

    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect([this.download, this.href]).toEqual(['transcripcion-keynote-2026-01-01.vtt', 'blob:transcript']);
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Descargar como .vtt' }));
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(click).toHaveBeenCalledTimes(1);
    click.mockRestore();
  });

  it('is not offered when the owner turned viewer downloads off', async () => {
    await openViewer(`/view/${ROOM_ID}?lang=ar`, false);
    expect(screen.queryByTestId('room-transcript-open')).toBeNull();
  });

  it('says so when the owner turned downloads off after the page loaded, and the button goes once closed', async () => {
    await openViewer(`/view/${ROOM_ID}?lang=ar`, true, {
      [`${TRANSCRIPT}?lang=ar`]: () => jsonResponse(403, { error: { code: 'transcript_downloads_off', message: 'off' } }),
    });
    fireEvent.click(screen.getByTestId('room-transcript-open'));
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(screen.getByTestId('room-transcript-error').textContent).toContain(
      'La organización de esta sala ha desactivado la descarga de la transcripción.',
    );
    fireEvent.click(screen.getByTestId('room-transcript-close'));
    expect(screen.queryByTestId('room-transcript-open')).toBeNull();
  });
});
