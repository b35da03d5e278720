import type { IngestKeyResponse, IngestResponse } from '@lt/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { routeFetch } from '../../../../test/auth-fixtures';
import { preferLanguages } from '../../../../test/browser-languages';
import { jsonResponse } from '../../../../test/render-app';
import { I18nProvider } from '../../../i18n/I18nProvider';
import { IngestSection } from './IngestSection';

preferLanguages(['en-US', 'en']);

const ROOM = '8a6f2a0e-7a43-4d2c-9f57-1c1f1b0f9b11';
const ingest: IngestResponse = {
  room_id: ROOM,
  enabled: true,
  has_key: true,
  key_created_at: '2026-01-01T10:00:00.000Z',
  srt_address: 'srt://ingest.example:9000',
  rtmp_address: null,
  feed: null,
};
const made: IngestKeyResponse = {
  ...ingest,
  key: 'A'.repeat(32),
  srt_url: `srt://ingest.example:9000?streamid=${'A'.repeat(32)}`,
  rtmp_url: null,
};

function renderSection() {
  const rotations: number[] = [];
  routeFetch({
    [`GET /api/rooms/${ROOM}/ingest`]: () => jsonResponse(200, ingest),
    [`POST /api/rooms/${ROOM}/ingest/rotate`]: () => {
      rotations.push(1);
      return jsonResponse(200, made);
    },
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider>
        <IngestSection roomId={ROOM} credential={{ kind: 'hostKey', hostKey: 'host-key-123456' }} headingId="ingest-heading" />
      </I18nProvider>
    </QueryClientProvider>,
  );
  return rotations;
}

describe('IngestSection', () => {
  const browserConfirm = jest.fn(() => true);
  beforeEach(() => {
    browserConfirm.mockClear();
    window.confirm = browserConfirm;
  });

  it("asks in the page's own dialog before a new key cuts the encoder, and backing out keeps the key", async () => {
    const rotations = renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Make a new key' }));

    const dialog = screen.getByRole('alertdialog', { name: 'Make a new stream key?' });
    expect(browserConfirm).not.toHaveBeenCalled();
    expect(within(dialog).getByText(/encoder using it is cut at once/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep the current key' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(rotations).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Make a new key' }));
    await act(async () => fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Make a new key' })));
    await waitFor(() => expect(screen.getByTestId('ingest-key').textContent).toBe(made.key));
    expect(rotations).toHaveLength(1);
    expect(browserConfirm).not.toHaveBeenCalled();
  });
});
