import type { TranscriptMessage } from '@lt/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { authHeader, makeSession, storeSession } from '../../../test/auth-fixtures';
import { dashboardFetch, LIST, rooms } from '../../../test/dashboard-fixtures';
import { ROOM_ID } from '../../../test/fake-socket';
import { jsonResponse, preloadPages, renderApp } from '../../../test/render-app';
import { makeRoom } from '../../../test/room-fixtures';
import { preferLanguages } from '../../../test/browser-languages';

/** These screens are checked in Spanish, the catalog every other one takes its keys from. */
preferLanguages(['es-ES', 'es']);

const room = makeRoom({
  name: 'Keynote',
  status: 'ended',
  source_language: 'es',
  created_at: '2026-03-05T09:00:00.000Z',
  updated_at: '2026-03-05T09:45:00.000Z',
});
const TRANSCRIPT = `GET /api/rooms/${ROOM_ID}/transcript`;

function message(seq: number, text: string, confidence_level: TranscriptMessage['confidence_level']): TranscriptMessage {
  return {
    message_id: `m-${seq}`,
    seq,
    text,
    message_timestamp: new Date(2026, 2, 5, 10, 0, seq).toISOString(),
    confidence_level,
    speaker_id: 'host-1',
    speaker_name: 'Host',
  };
}

beforeAll(preloadPages);
beforeEach(() => {
  window.localStorage.clear();
  storeSession(makeSession());
});

async function openTranscript(routes: Parameters<typeof dashboardFetch>[0]) {
  const fetchMock = dashboardFetch({ [LIST.ended]: rooms([room]), ...routes });
  renderApp('/dashboard/history');
  fireEvent.click(await screen.findByTestId('view-transcript'));
  return { fetchMock, dialog: await screen.findByRole('dialog') };
}

describe('Transcript modal', () => {
  it("shows 'Cargando transcripción...' while loading, then each message with its time and confidence", async () => {
    let answer: (response: Response) => void = () => undefined;
    const { dialog } = await openTranscript({ [TRANSCRIPT]: () => new Promise((resolve) => (answer = resolve)) });
    expect(within(dialog).getByTestId('transcript-loading').textContent).toBe('Cargando transcripción...');
    expect(within(dialog).getByRole('heading', { name: 'Transcripción: Keynote' })).toBeTruthy();
    answer(jsonResponse(200, { room, messages: [message(1, 'Hola', 'high'), message(2, 'Qué tal', 'medium'), message(3, 'Eh', 'low')] }));
    await waitFor(() => expect(within(dialog).getAllByTestId('transcript-message')).toHaveLength(3));
    expect(
      within(dialog)
        .getAllByTestId('confidence-badge')
        .map((badge) => badge.textContent),
    ).toEqual(['Alta confianza', 'Confianza media', 'Baja confianza']);
    expect(within(dialog).getAllByTestId('transcript-message')[0].textContent).toContain('10:00:01');
    expect(within(dialog).getByTestId('transcript-meta').textContent).toMatch(/45 min · 3 mensajes$/);
    expect(within(dialog).getByTestId('transcript-footer').textContent).toBe('Total de mensajes: 3Idioma: Español');
  });

  it("copies '[timestamp] text' lines", async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    const { dialog } = await openTranscript({
      [TRANSCRIPT]: () => jsonResponse(200, { room, messages: [message(1, 'Hola', 'high'), message(2, 'Adiós', 'medium')] }),
    });
    await within(dialog).findAllByTestId('transcript-message');
    fireEvent.click(within(dialog).getByTestId('transcript-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('[10:00:01] Hola\n[10:00:02] Adiós'));
  });

  it('shows the empty state', async () => {
    const { dialog } = await openTranscript({ [TRANSCRIPT]: () => jsonResponse(200, { room, messages: [] }) });
    const empty = await within(dialog).findByTestId('transcript-empty');
    expect(empty.textContent).toBe('No hay transcripción disponibleEsta sala no tiene mensajes de transcripción guardados.');
    expect(within(dialog).getByTestId('transcript-footer').textContent).toContain('Total de mensajes: 0');
  });

  it("says 'Error al cargar la transcripción: …' when it cannot be loaded, and closes", async () => {
    const { dialog } = await openTranscript({
      [TRANSCRIPT]: () => jsonResponse(404, { error: { code: 'room_not_found', message: 'Room not found' } }),
    });
    expect((await within(dialog).findByTestId('transcript-error')).textContent).toBe(
      'Error al cargar la transcripción: La sala no existe o ya no está disponible.',
    );
    fireEvent.click(within(dialog).getByTestId('transcript-close'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('downloads the chosen format and language from the export route with the time zone', async () => {
    const blob = new Blob(['1\n00:00:01,000 --> 00:00:02,000\nHola\n']);
    const exportUrl = `/api/rooms/${ROOM_ID}/transcript.srt?lang=fr&tz=${encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone)}&ui=es`;
    const created: string[] = [];
    URL.createObjectURL = jest.fn(() => 'blob:transcript');
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      created.push(this.download);
    });
    const { dialog, fetchMock } = await openTranscript({
      [TRANSCRIPT]: () => jsonResponse(200, { room, messages: [message(1, 'Hola', 'high')] }),
      [`GET ${exportUrl}`]: () =>
        ({
          ok: true,
          status: 200,
          headers: new Headers({ 'Content-Disposition': 'attachment; filename="transcripcion-keynote-2026-03-05.srt"' }),
          blob: () => Promise.resolve(blob),
        }) as unknown as Response,
    });
    fireEvent.click(within(dialog).getByTestId('transcript-export'));
    const language = within(dialog).getByTestId('export-language') as HTMLSelectElement;
    expect(language.options[0].textContent).toBe('Idioma original (Español)');
    fireEvent.change(within(dialog).getByTestId('export-format'), { target: { value: 'srt' } });
    fireEvent.change(language, { target: { value: 'fr' } });
    fireEvent.click(within(dialog).getByTestId('export-download'));
    await waitFor(() => expect(created).toEqual(['transcripcion-keynote-2026-03-05.srt']));
    const call = fetchMock.mock.calls.find(([url]) => url === exportUrl);
    expect(authHeader(call?.[1])).toMatch(/^Bearer /);
    click.mockRestore();
  });
});
