import { fireEvent, screen, waitFor } from '@testing-library/react';
import { makeProfile, makeSession, routeFetch, storeSession } from '../../test/auth-fixtures';
import { FakeSocket, ROOM_ID } from '../../test/fake-socket';
import { joinServer, text, setUpHostRoomTests } from '../../test/host-room-harness';
import { jsonResponse, renderApp } from '../../test/render-app';
import { makeRoom } from '../../test/room-fixtures';

setUpHostRoomTests();

describe('Manage Speakers', () => {
  const speaker = (overrides: Record<string, unknown> = {}) => ({
    id: '5c1e0f3a-9d2b-4e7f-8a6c-2b4d6f8a0c1e',
    room_id: ROOM_ID,
    speaker_name: 'Ana',
    speaker_role: 'co-host',
    is_active: false,
    input_language: null,
    joined_at: null,
    created_at: '2026-01-01T10:00:00.000Z',
    status: 'invited',
    ...overrides,
  });

  it('invites by a trimmed name, shows the link once, lists statuses and removes after confirmation', async () => {
    const session = makeSession();
    storeSession(session);
    let speakers = [speaker({ id: '11111111-1111-4111-8111-111111111111', speaker_name: 'Luis', status: 'active' })];
    const fetchMock = routeFetch({
      'GET /api/profile': () => jsonResponse(200, makeProfile()),
      [`GET /api/rooms/${ROOM_ID}`]: () => jsonResponse(200, makeRoom({ owner_id: session.user.id })),
      [`GET /api/rooms/${ROOM_ID}/speakers`]: () => jsonResponse(200, { speakers }),
      [`POST /api/rooms/${ROOM_ID}/speakers`]: () => {
        speakers = [...speakers, speaker()];
        return jsonResponse(201, { speaker: speaker(), inviteLink: `http://localhost/speak/${ROOM_ID}?token=${'t'.repeat(43)}&name=Ana` });
      },
      [`DELETE /api/rooms/${ROOM_ID}/speakers/11111111-1111-4111-8111-111111111111`]: () => {
        speakers = speakers.slice(1);
        return { ok: true, status: 204, text: () => Promise.resolve('') } as Response;
      },
    });
    renderApp(`/room/${ROOM_ID}`);
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
    joinServer();
    await waitFor(() => expect(screen.getAllByTestId('speaker-row')).toHaveLength(1));
    expect(screen.getByTestId('speaker-status').textContent).toBe('Active');

    fireEvent.click(screen.getByTestId('invite-speaker'));
    expect(screen.getByText('Enter a name for the speaker')).toBeTruthy();
    fireEvent.change(screen.getByTestId('speaker-name'), { target: { value: 'x'.repeat(51) } });
    fireEvent.click(screen.getByTestId('invite-speaker'));
    expect(screen.getByText('The name must be at most 50 characters')).toBeTruthy();

    fireEvent.change(screen.getByTestId('speaker-name'), { target: { value: '  Ana  ' } });
    fireEvent.click(screen.getByTestId('invite-speaker'));
    await waitFor(() => expect(text('speaker-invite-link')).toContain(`/speak/${ROOM_ID}?token=`));
    const invite = fetchMock.mock.calls.find(([url, init]) => url === `/api/rooms/${ROOM_ID}/speakers` && init?.method === 'POST');
    expect(JSON.parse(String(invite?.[1]?.body))).toEqual({ name: 'Ana' });
    await waitFor(() => expect(screen.getAllByTestId('speaker-status').map((s) => s.textContent)).toEqual(['Active', 'Invited']));

    const confirm = jest.spyOn(window, 'confirm');
    fireEvent.click(screen.getAllByTestId('remove-speaker')[0]);
    const ask = screen.getByRole('alertdialog', { name: 'Remove Luis?' });
    expect(ask.textContent).toContain('Their link will stop working at once.');
    fireEvent.click(screen.getByTestId('confirm-cancel'));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getAllByTestId('remove-speaker')[0]);
    fireEvent.click(screen.getByTestId('remove-speaker-confirm'));
    await waitFor(() => expect(screen.getAllByTestId('speaker-row')).toHaveLength(1));
    expect(confirm).not.toHaveBeenCalled();
    confirm.mockRestore();
  });
});
