import type { QuestionListResponse } from '@lt/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { makeProfile, routeFetch } from '../../../../test/auth-fixtures';
import { preferLanguages } from '../../../../test/browser-languages';
import { jsonResponse } from '../../../../test/render-app';
import { I18nProvider } from '../../../i18n/I18nProvider';
import { queryKeys } from '../../../lib/query-keys';
import { AuthClient } from '../../auth/auth-client';
import { AuthContext } from '../../auth/auth-context';
import { QuestionsPanel } from './QuestionsPanel';

preferLanguages(['en-US', 'en']);

const ROOM = '8a6f2a0e-7a43-4d2c-9f57-1c1f1b0f9b11';
const list = (enabled: boolean): QuestionListResponse => ({ enabled, questions: [] }) as unknown as QuestionListResponse;

describe('QuestionsPanel', () => {
  it('keeps the switch as saved when a read of the list that began before answers after it', async () => {
    let serverEnabled = false;
    const reads: ((response: Response) => void)[] = [];
    routeFetch({
      [`GET /api/view/${ROOM}/questions?lang=en`]: () => new Promise<Response>((answer) => reads.push(answer)),
      [`PUT /api/rooms/${ROOM}/question-settings`]: (init) => {
        serverEnabled = (JSON.parse(String(init?.body)) as { enabled: boolean }).enabled;
        return jsonResponse(200, { enabled: serverEnabled });
      },
    });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    const client = new AuthClient();
    render(
      <QueryClientProvider client={queryClient}>
        <I18nProvider>
          <AuthContext.Provider value={{ ...client.getState(), profile: makeProfile(), profileLoading: false, client }}>
            <QuestionsPanel roomId={ROOM} hostKey="host-key-123456" lang="en" />
          </AuthContext.Provider>
        </I18nProvider>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(reads).toHaveLength(1));
    await act(async () => reads[0](jsonResponse(200, list(false))));
    const toggle = () => screen.getByTestId('questions-switch') as HTMLInputElement;
    await waitFor(() => expect(toggle().disabled).toBe(false));
    expect(toggle().checked).toBe(false);

    // The room's socket joined again: the list is read anew, and the host turns questions on meanwhile.
    void queryClient.invalidateQueries({ queryKey: queryKeys.questions.list(ROOM, 'en') });
    await waitFor(() => expect(reads).toHaveLength(2));
    fireEvent.click(toggle());
    // Shown at once, in the click's own render.
    expect(toggle().checked).toBe(true);
    await waitFor(() => expect(serverEnabled).toBe(true));
    // The read that began before the switch was saved answers with the old setting.
    await act(async () => reads[1](jsonResponse(200, list(false))));
    await waitFor(() => expect(reads).toHaveLength(3));
    expect(toggle().checked).toBe(true);
    await act(async () => reads[2](jsonResponse(200, list(serverEnabled))));
    expect(toggle().checked).toBe(true);
  });
});
