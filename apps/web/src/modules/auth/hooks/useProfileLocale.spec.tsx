import { fireEvent, screen, waitFor } from '@testing-library/react';
import { preferLanguages } from '../../../../test/browser-languages';
import { makeProfile, makeSession, routeFetch, storeSession } from '../../../../test/auth-fixtures';
import { jsonResponse, preloadPages, renderApp } from '../../../../test/render-app';

beforeAll(preloadPages);

beforeEach(() => window.localStorage.clear());

const html = () => ({ lang: document.documentElement.lang, dir: document.documentElement.dir });
const switcher = () => screen.getByTestId('locale-switch') as HTMLSelectElement;

describe('the interface language in an en-US browser', () => {
  preferLanguages(['en-US', 'en']);

  it('starts in English on a first visit, with <html lang dir> to match', async () => {
    routeFetch({});
    renderApp('/nowhere');
    expect(await screen.findByText('Page not found')).toBeTruthy();
    expect(switcher().value).toBe('en');
    expect(html()).toEqual({ lang: 'en', dir: 'ltr' });
  });

  it('remembers a choice made in this browser, which wins over the browser languages', async () => {
    routeFetch({});
    const first = renderApp('/nowhere');
    fireEvent.change(switcher(), { target: { value: 'es' } });
    expect(await screen.findByText('Página no encontrada')).toBeTruthy();
    expect(html().lang).toBe('es');
    expect(window.localStorage.getItem('lt.locale')).toBe('es');
    first.unmount();

    renderApp('/nowhere');
    expect(await screen.findByText('Página no encontrada')).toBeTruthy();
    expect(screen.getByText('Idioma de la interfaz')).toBeTruthy();
  });

  it("applies the profile's language on sign-in, over the browser and the stored choice, and says so with the way back", async () => {
    window.localStorage.setItem('lt.locale', 'en');
    storeSession(makeSession());
    let profile = makeProfile({ locale: 'es' });
    routeFetch({
      'GET /api/profile': () => jsonResponse(200, profile),
      'PATCH /api/profile': (init) => {
        profile = { ...profile, ...(JSON.parse(String(init?.body)) as { locale: 'en' }) };
        return jsonResponse(200, profile);
      },
    });
    renderApp('/nowhere');
    expect(await screen.findByText('Página no encontrada')).toBeTruthy();
    expect(html().lang).toBe('es');
    expect(window.localStorage.getItem('lt.locale')).toBe('es');
    const notice = screen.getByTestId('profile-locale-notice');
    expect(notice.getAttribute('role')).toBe('status');
    expect(notice.textContent).toContain('La interfaz está ahora en Español, el idioma guardado en tu cuenta.');

    fireEvent.click(screen.getByTestId('profile-locale-back'));
    expect(await screen.findByText('Page not found')).toBeTruthy();
    expect(screen.queryByTestId('profile-locale-notice')).toBeNull();
    await waitFor(() => expect(profile.locale).toBe('en'));
    expect(screen.getByText('Page not found')).toBeTruthy();
  });

  it('keeps the browser language for a profile that has none, and saves a choice on the profile', async () => {
    storeSession(makeSession());
    let profile = makeProfile({ locale: null });
    const fetchMock = routeFetch({
      'GET /api/profile': () => jsonResponse(200, profile),
      'PATCH /api/profile': (init) => {
        profile = { ...profile, ...(JSON.parse(String(init?.body)) as { locale: 'es' }) };
        return jsonResponse(200, profile);
      },
    });
    renderApp('/nowhere');
    await waitFor(() => expect(screen.getByTestId('user-menu').textContent).toContain('Ana García'));
    expect(screen.getByText('Page not found')).toBeTruthy();
    expect(screen.queryByTestId('profile-locale-notice')).toBeNull();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH')).toEqual([]);

    fireEvent.change(switcher(), { target: { value: 'es' } });
    expect(await screen.findByText('Página no encontrada')).toBeTruthy();
    await waitFor(() => expect(profile.locale).toBe('es'));
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ locale: 'es' });
    // The reloaded profile agrees with the page: nothing switches back.
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([url, init]) => url === '/api/profile' && !init?.method).length).toBeGreaterThanOrEqual(2),
    );
    expect(screen.getByText('Página no encontrada')).toBeTruthy();
  });
});

describe('the interface language in other browsers', () => {
  it.each([
    [['es-ES', 'es'], 'es', 'Página no encontrada'],
    [['fr-FR', 'de'], 'en', 'Page not found'],
    [['fr-FR', 'es-MX'], 'es', 'Página no encontrada'],
  ])('%j starts in %s', async (languages, lang, text) => {
    jest.spyOn(window.navigator, 'languages', 'get').mockReturnValue(languages);
    routeFetch({});
    renderApp('/nowhere');
    expect(await screen.findByText(text)).toBeTruthy();
    expect(html().lang).toBe(lang);
    jest.restoreAllMocks();
  });
});
