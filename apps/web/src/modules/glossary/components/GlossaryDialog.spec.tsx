import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { routeFetch } from '../../../../test/auth-fixtures';
import { jsonResponse } from '../../../../test/render-app';
import { I18nContext } from '../../../i18n/i18n-context';
import GlossaryDialog from './GlossaryDialog';

const ROOM = '8a6f2a0e-7a43-4d2c-9f57-1c1f1b0f9b11';
const PATH = `/api/rooms/${ROOM}/glossary`;
const stored = (version: number, entries: unknown[]) => jsonResponse(200, { room_id: ROOM, version, entries, updated_at: null });

function renderDialog() {
  const onClose = jest.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <I18nContext.Provider value={{ locale: 'en', setLocale: () => undefined }}>
        <GlossaryDialog roomId={ROOM} credential={{ kind: 'hostKey', hostKey: 'k'.repeat(43) }} exportName="glossary" onClose={onClose} />
      </I18nContext.Provider>
    </QueryClientProvider>,
  );
  return onClose;
}

const typeTerm = (value: string) => {
  fireEvent.click(screen.getByTestId('glossary-add'));
  const terms = screen.getAllByTestId('glossary-term');
  fireEvent.change(terms[terms.length - 1], { target: { value } });
};
const escape = () => fireEvent.keyDown(document, { key: 'Escape' });

describe('glossary dialog keeps unsaved work', () => {
  beforeEach(() => {
    routeFetch({
      [`GET ${PATH}`]: () => stored(1, [{ term: 'Kubernetes', keep: true, translations: {} }]),
      [`PUT ${PATH}`]: (init) => stored(2, (JSON.parse(String(init?.body)) as { entries: unknown[] }).entries),
    });
  });

  it('closes at once while nothing is edited', async () => {
    const onClose = renderDialog();
    await screen.findByTestId('glossary-entry');
    expect(screen.queryByTestId('glossary-unsaved')).toBeNull();
    escape();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('asks before Escape, × or Close lose edits, and keeps them on "Keep editing"', async () => {
    const onClose = renderDialog();
    await screen.findByTestId('glossary-entry');
    typeTerm('keynote');
    expect(screen.getByTestId('glossary-unsaved').textContent).toBe('Unsaved changes');

    escape();
    const ask = screen.getByRole('alertdialog', { name: 'Discard your changes?' });
    expect(ask).toBeTruthy();
    expect(document.activeElement?.textContent).toBe('Keep editing');
    // Escape answers the question on top, not the editor under it.
    escape();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getAllByTestId('glossary-entry')).toHaveLength(2);

    fireEvent.click(screen.getByTestId('glossary-close'));
    fireEvent.click(screen.getByText('Keep editing'));
    fireEvent.click(screen.getByTestId('glossary-close-foot'));
    fireEvent.click(screen.getByTestId('glossary-discard'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('"Save and close" saves, then closes', async () => {
    const onClose = renderDialog();
    await screen.findByTestId('glossary-entry');
    typeTerm('Nguyễn');
    fireEvent.click(screen.getAllByTestId('glossary-keep')[1]);
    escape();
    fireEvent.click(screen.getByTestId('glossary-save-close'));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('a save clears the marker; any edit after it clears "saved" and marks the work unsaved again', async () => {
    renderDialog();
    await screen.findByTestId('glossary-entry');
    typeTerm('Nguyễn');
    fireEvent.click(screen.getAllByTestId('glossary-keep')[1]);
    fireEvent.click(screen.getByTestId('glossary-save'));
    await screen.findByTestId('glossary-saved');
    expect(screen.queryByTestId('glossary-unsaved')).toBeNull();

    fireEvent.change(screen.getAllByTestId('glossary-term')[1], { target: { value: 'Nguyen' } });
    expect(screen.queryByTestId('glossary-saved')).toBeNull();
    expect(screen.getByTestId('glossary-unsaved')).toBeTruthy();
  });
});
