import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { routeFetch } from '../../../../test/auth-fixtures';
import { jsonResponse } from '../../../../test/render-app';
import { I18nContext } from '../../../i18n/i18n-context';
import { RecognitionVocabulary } from './RecognitionVocabulary';

const ROOM = '8a6f2a0e-7a43-4d2c-9f57-1c1f1b0f9b11';
const PATH = `GET /api/rooms/${ROOM}/glossary/vocabulary`;
const HOST_KEY = 'k'.repeat(43);

function renderAt(version: number | undefined, locale: 'en' | 'es' = 'en') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = (v: number | undefined) => (
    <QueryClientProvider client={queryClient}>
      <I18nContext.Provider value={{ locale, setLocale: () => undefined }}>
        <RecognitionVocabulary roomId={ROOM} credential={{ kind: 'hostKey', hostKey: HOST_KEY }} version={v} />
      </I18nContext.Provider>
    </QueryClientProvider>
  );
  const result = render(view(version));
  return { rerender: (v: number) => result.rerender(view(v)) };
}

describe('the terms sent to the speech recogniser', () => {
  it('lists the terms sent with the host key, says how many the limit left out, and asks again for a new saved version', async () => {
    const answers = [
      { room_id: ROOM, provider: 'deepgram', sent: ['Kubernetes', 'Ana Pérez'], omitted: 3, limit: 2 },
      { room_id: ROOM, provider: 'deepgram', sent: ['Kubernetes'], omitted: 0, limit: 100 },
    ];
    const fetch = routeFetch({ [PATH]: () => jsonResponse(200, answers.shift()) });
    const { rerender } = renderAt(1);
    await screen.findByTestId('glossary-vocabulary');
    expect(screen.getAllByTestId('glossary-vocabulary-term').map((li) => li.textContent)).toEqual(['Kubernetes', 'Ana Pérez']);
    expect(screen.getByTestId('glossary-vocabulary-omitted').textContent).toBe(
      '3 more terms are not sent: Deepgram takes at most 2, the first in the glossary.',
    );
    expect(new Headers(fetch.mock.calls[0][1]?.headers).get('X-Host-Key')).toBe(HOST_KEY);

    rerender(2);
    await waitFor(() => expect(screen.getAllByTestId('glossary-vocabulary-term')).toHaveLength(1));
    expect(screen.queryByTestId('glossary-vocabulary-omitted')).toBeNull();
  });

  it('says in Spanish that nothing is sent yet', async () => {
    routeFetch({ [PATH]: () => jsonResponse(200, { room_id: ROOM, provider: 'openai', sent: [], omitted: 0, limit: 50 }) });
    renderAt(0, 'es');
    expect((await screen.findByTestId('glossary-vocabulary')).textContent).toContain('Aún no se envía ningún término');
  });

  it('shows nothing when speech is recognised in browsers only, or before the glossary is read', async () => {
    const fetch = routeFetch({ [PATH]: () => jsonResponse(200, { room_id: ROOM, provider: null, sent: [], omitted: 0, limit: 0 }) });
    renderAt(undefined);
    expect(fetch).not.toHaveBeenCalled();
    renderAt(1);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('glossary-vocabulary')).toBeNull();
  });
});
