import { fireEvent, screen, waitFor } from '@testing-library/react';
import { makeProfile, makeSession, routeFetch, storedSession, storeSession } from '../../../../test/auth-fixtures';
import { jsonResponse, renderApp, preloadPages } from '../../../../test/render-app';

beforeAll(preloadPages);

beforeEach(() => window.localStorage.clear());

describe('User menu in the top bar', () => {
  it('shows the profile name, opens Dashboard and Sign Out, and signs out', async () => {
    storeSession(makeSession());
    routeFetch({
      'GET /api/profile': () => jsonResponse(200, makeProfile()),
      'POST /api/auth/logout': () => jsonResponse(204, undefined),
    });
    renderApp('/nowhere');
    const button = await screen.findByTestId('user-menu');
    await waitFor(() => expect(button.textContent).toContain('Ana García'));
    expect(screen.queryByTestId('login-button')).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('menu-dashboard').textContent).toBe('Dashboard');
    expect(screen.getByTestId('menu-dashboard').getAttribute('href')).toBe('/dashboard');
    expect(screen.getByTestId('menu-signout').textContent).toBe('Sign Out');

    fireEvent.click(screen.getByTestId('menu-signout'));
    expect(await screen.findByTestId('login-button')).toBeTruthy();
    expect(storedSession()).toBeNull();
  });

  it('falls back to the e-mail local part while there is no profile name', async () => {
    storeSession(makeSession());
    routeFetch({ 'GET /api/profile': () => jsonResponse(500, {}) });
    renderApp('/nowhere');
    expect((await screen.findByTestId('user-menu')).textContent).toContain('ana.garcia');
  });

  it('closes the menu on Escape', async () => {
    storeSession(makeSession());
    routeFetch({ 'GET /api/profile': () => jsonResponse(200, makeProfile()) });
    renderApp('/nowhere');
    await waitFor(() => expect(screen.getByTestId('user-menu').textContent).toContain('Ana García'));
    fireEvent.click(screen.getByTestId('user-menu'));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByTestId('menu-signout')).toBeNull();
  });
});
