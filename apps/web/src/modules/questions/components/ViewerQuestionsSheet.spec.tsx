import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { routeFetch } from '../../../../test/auth-fixtures';
import { I18nProvider } from '../../../i18n/I18nProvider';
import ViewerQuestionsSheet from './ViewerQuestionsSheet';

const ROOM = '8a6f2a0e-7a43-4d2c-9f57-1c1f1b0f9b11';

function openSheet() {
  routeFetch({});
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider>
        <ViewerQuestionsSheet roomId={ROOM} lang="en" onClose={() => undefined} />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe('the viewer questions sheet', () => {
  afterEach(() => Reflect.deleteProperty(window, 'matchMedia'));

  it('puts the focus in the question box with a mouse', () => {
    openSheet();
    expect(document.activeElement).toBe(screen.getByTestId('question-input'));
  });

  it('does not on a touch screen, where the keyboard would pop up over the questions', () => {
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      value: (query: string) => ({ matches: query === '(pointer: coarse)', media: query, addEventListener: () => undefined }),
    });
    openSheet();
    expect(document.activeElement).not.toBe(screen.getByTestId('question-input'));
    expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true);
  });
});
