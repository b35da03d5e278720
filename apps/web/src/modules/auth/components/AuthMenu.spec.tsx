import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { makeProfile, makeSession, routeFetch } from '../../../../test/auth-fixtures';
import { FakeSocket, ROOM_ID } from '../../../../test/fake-socket';
import { HOST_KEY } from '../../../../test/host-room-harness';
import { jsonResponse, renderApp } from '../../../../test/render-app';
import { makeRoom } from '../../../../test/room-fixtures';
import { withSlicedRendering } from '../../../../test/sliced-rendering';
import { HostRoomPage, LandingPage } from '../../../pages/lazy-pages';

// The modal's chunk arrives when the test lets it, as over a slow network; the pages are loaded ahead.
let mockDeliverChunk: () => void = () => undefined;
jest.mock('./AuthModal', () => {
  const actual = jest.requireActual<typeof import('./AuthModal')>('./AuthModal');
  const delivered = new Promise<void>((resolve) => (mockDeliverChunk = resolve));
  return {
    __esModule: true,
    get AuthModal() {
      return delivered.then(() => actual.AuthModal);
    },
  };
});

beforeAll(() => Promise.all([LandingPage.preload(), HostRoomPage.preload()]));

describe('Login from the top bar', () => {
  it('keeps what was typed in the modal while the room page opens, and closes the modal once signed in', async () => {
    window.localStorage.clear();
    window.localStorage.setItem(`lt.hostKey.${ROOM_ID}`, HOST_KEY);
    const session = makeSession();
    routeFetch({
      'POST /api/auth/token?grant_type=password': () => jsonResponse(200, session),
      'GET /api/profile': () => jsonResponse(200, makeProfile()),
      [`POST /api/rooms/${ROOM_ID}/claim`]: () => jsonResponse(200, makeRoom({ owner_id: session.user.id })),
    });
    renderApp('/');
    await act(async () => screen.getByTestId('login-button').click());
    expect(screen.queryByRole('dialog')).toBeNull();

    await withSlicedRendering(async () => {
      // The room's page opens while the modal's chunk is still on its way: the router draws the change in a
      // render that reaches the modal and waits for the chunk, which arrives in the next task. The clock stands
      // still meanwhile, so that the render reaches the modal before its first pause.
      const clock = jest.spyOn(performance, 'now').mockReturnValue(performance.now());
      window.history.pushState(null, '', `/room/${ROOM_ID}`);
      window.dispatchEvent(new PopStateEvent('popstate'));
      queueMicrotask(() =>
        setTimeout(() => {
          mockDeliverChunk();
          clock.mockRestore();
        }, 0),
      );
      await waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
      await screen.findByTestId('auth-email');
    });

    fireEvent.change(screen.getByTestId('auth-email'), { target: { value: 'ana.garcia@example.com' } });
    fireEvent.change(screen.getByTestId('auth-password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByTestId('auth-submit'));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(window.location.pathname).toBe(`/room/${ROOM_ID}`);
    expect(await screen.findByTestId('user-menu')).toBeTruthy();
  });
});
