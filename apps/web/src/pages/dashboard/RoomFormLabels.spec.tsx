import { screen } from '@testing-library/react';
import { makeSession, storeSession } from '../../../test/auth-fixtures';
import { preferLanguages } from '../../../test/browser-languages';
import { dashboardFetch } from '../../../test/dashboard-fixtures';
import { preloadPages, renderApp } from '../../../test/render-app';

beforeAll(preloadPages);
beforeEach(() => {
  window.localStorage.clear();
  storeSession(makeSession());
});

/** What each of the form's fields holds, by its test id, in words its label must use. */
const PURPOSE: Record<string, Record<'es' | 'en', RegExp>> = {
  'room-form-name': { es: /nombre/i, en: /name/i },
  'room-form-language': { es: /idioma/i, en: /language/i },
  'room-form-date': { es: /fecha/i, en: /date/i },
  'room-form-time': { es: /hora/i, en: /time/i },
  'room-form-duration': { es: /duración/i, en: /duration/i },
};

const words = (text: string) =>
  text
    .toLocaleLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** The label of every labelled control of the form, by the control's test id. */
function labelsOfForm(): Map<string, string> {
  const labels = new Map<string, string>();
  for (const label of document.querySelectorAll('form label[for]')) {
    const control = document.getElementById(label.getAttribute('for') as string);
    const key = control?.getAttribute('data-testid') ?? control?.id;
    if (key) labels.set(key, (label.textContent ?? '').trim());
  }
  return labels;
}

describe.each([
  ['es', ['es-ES', 'es']],
  ['en', ['en-US', 'en']],
] as const)('the create form in %s', (lang, browser) => {
  preferLanguages([...browser]);

  it('names each field for what it holds, and no label names another field', async () => {
    dashboardFetch();
    renderApp('/dashboard/create');
    await screen.findByTestId('room-form-name');
    const labels = labelsOfForm();
    expect(labels.size).toBeGreaterThanOrEqual(Object.keys(PURPOSE).length);
    for (const [testId, purpose] of Object.entries(PURPOSE)) {
      expect([testId, labels.get(testId)]).toEqual([testId, expect.stringMatching(purpose[lang])]);
    }
    // A label naming another field: two fields share a label, or one label holds all the words of another's.
    const entries = [...labels.entries()];
    for (const [testId, label] of entries) {
      for (const [otherId, other] of entries) {
        if (otherId === testId) continue;
        const mine = words(label);
        const theirs = words(other);
        expect([testId, otherId, label === other || theirs.every((w) => mine.includes(w))]).toEqual([testId, otherId, false]);
      }
    }
  });
});
