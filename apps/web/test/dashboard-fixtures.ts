import type { ProfileResponse, RoomResponse } from '@lt/contracts';
import { makeProfile, routeFetch } from './auth-fixtures';
import { jsonResponse } from './render-app';

type Handler = Parameters<typeof routeFetch>[0][string];

export const LIST = {
  latest: 'GET /api/rooms?order=created_desc&limit=5',
  upcoming: 'GET /api/rooms?status=scheduled&order=scheduled_asc&limit=3',
  active: 'GET /api/rooms?status=active&order=created_desc&limit=1',
  scheduled: 'GET /api/rooms?status=scheduled&order=scheduled_asc',
  open: 'GET /api/rooms?status=scheduled%2Cactive&order=updated_desc',
  ended: 'GET /api/rooms?status=ended&order=updated_desc',
} as const;

/** A list's answer: its rooms, and `total` of them in all (the list's own length unless given). */
export const rooms =
  (list: RoomResponse[], total = list.length) =>
  () =>
    jsonResponse(200, { rooms: list, total });

/** A signed-in user's server: the profile, empty home lists, plus whatever a test adds or replaces. */
export function dashboardFetch(routes: Record<string, Handler> = {}, profile: ProfileResponse = makeProfile()) {
  return routeFetch({
    'GET /api/profile': () => jsonResponse(200, profile),
    'POST /api/auth/logout': () => jsonResponse(204, undefined),
    [LIST.latest]: rooms([]),
    [LIST.upcoming]: rooms([]),
    [LIST.active]: rooms([]),
    ...routes,
  });
}

export function bodyOf(mock: jest.Mock, key: string): unknown {
  const [method, path] = key.split(' ');
  const call = mock.mock.calls.find(([url, init]) => url === path && ((init as RequestInit | undefined)?.method ?? 'GET') === method);
  return call ? JSON.parse(String((call[1] as RequestInit).body)) : undefined;
}

export function callsTo(mock: jest.Mock, key: string): number {
  const [method, path] = key.split(' ');
  return mock.mock.calls.filter(([url, init]) => url === path && ((init as RequestInit | undefined)?.method ?? 'GET') === method).length;
}
