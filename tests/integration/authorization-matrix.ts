import type { CreateRoomResponse } from '@lt/contracts';
import type { TestUser } from './dashboard-api';

/** The routes of the owner's rooms and of the admin panel, and the status each caller gets: what the authorization matrix spec calls. */

export type Who = 'anonymous' | 'userA' | 'userB' | 'admin';
export const WHO: Who[] = ['anonymous', 'userA', 'userB', 'admin'];

export interface Context {
  /** A room of user A (made once; `fresh` rows get a new one per call). */
  room: CreateRoomResponse;
  userB: TestUser;
  /** A speaker invited to `room` (a new one per call on `fresh` rows). */
  speakerId: string;
}

export interface Row {
  method: string;
  path: (c: Context) => string;
  body?: (c: Context) => unknown;
  /** The call destroys the room: each cell gets a room of A of its own. */
  fresh?: boolean;
  expected: Record<Who, number>;
}

export const GLOSSARY = { entries: [{ term: 'Kubernetes', keep: true }] };
const owner = (a: number, ok = 200): Record<Who, number> => ({ anonymous: a, userA: ok, userB: 404, admin: 404 });
const anyone: Record<Who, number> = { anonymous: 200, userA: 200, userB: 200, admin: 200 };
const adminOnly = (ok = 200): Record<Who, number> => ({ anonymous: 401, userA: 403, userB: 403, admin: ok });
const room =
  (suffix = '') =>
  (c: Context) =>
    `/api/rooms/${c.room.room.id}${suffix}`;

/** Every route of the owner's rooms (on a room of user A) and of the admin panel, with the status each caller gets. */
export const MATRIX: Record<string, Row> = {
  'GET /api/rooms': { method: 'GET', path: () => '/api/rooms', expected: { anonymous: 401, userA: 200, userB: 200, admin: 200 } },
  'POST /api/rooms (create form)': {
    method: 'POST',
    path: () => '/api/rooms',
    body: () => ({ name: 'Form', source_language: 'fr', duration_minutes: 90 }),
    // Anonymous callers may send a name only: the form's other fields are refused.
    expected: { anonymous: 400, userA: 201, userB: 201, admin: 201 },
  },
  'GET /api/rooms/{id}': { method: 'GET', path: room(), expected: owner(401) },
  'PATCH /api/rooms/{id}': { method: 'PATCH', path: room(), body: () => ({ name: 'Renamed' }), expected: owner(401) },
  'DELETE /api/rooms/{id}': { method: 'DELETE', path: room(), fresh: true, expected: owner(401, 204) },
  'POST /api/rooms/{id}/duplicate': { method: 'POST', path: room('/duplicate'), expected: owner(401, 201) },
  'POST /api/rooms/{id}/start': { method: 'POST', path: room('/start'), expected: owner(401) },
  'POST /api/rooms/{id}/end': { method: 'POST', path: room('/end'), expected: owner(401) },
  // An owned room is never claimed, not even by its owner or with its key.
  'POST /api/rooms/{id}/claim': {
    method: 'POST',
    path: room('/claim'),
    body: (c) => ({ hostKey: c.room.hostKey }),
    expected: { anonymous: 401, userA: 404, userB: 404, admin: 404 },
  },
  'GET /api/rooms/{id}/transcript': { method: 'GET', path: room('/transcript'), expected: owner(401) },
  'GET /api/rooms/{id}/transcript.txt': { method: 'GET', path: room('/transcript.txt?tz=Europe/Madrid'), expected: owner(401) },
  'GET /api/rooms/{id}/transcript.srt': { method: 'GET', path: room('/transcript.srt'), expected: owner(401) },
  'GET /api/rooms/{id}/transcript.vtt': { method: 'GET', path: room('/transcript.vtt?lang=es'), expected: owner(401) },
  'GET /api/rooms/{id}/speakers': { method: 'GET', path: room('/speakers'), expected: owner(401) },
  'POST /api/rooms/{id}/speakers': { method: 'POST', path: room('/speakers'), body: () => ({ name: 'Ana' }), expected: owner(401, 201) },
  'DELETE /api/rooms/{id}/speakers/{speakerId}': {
    method: 'DELETE',
    path: (c) => `/api/rooms/${c.room.room.id}/speakers/${c.speakerId}`,
    fresh: true,
    expected: owner(401, 204),
  },
  'GET /api/rooms/{id}/glossary': { method: 'GET', path: room('/glossary'), expected: owner(401) },
  'GET /api/rooms/{id}/glossary/vocabulary': { method: 'GET', path: room('/glossary/vocabulary'), expected: owner(401) },
  'PUT /api/rooms/{id}/glossary': { method: 'PUT', path: room('/glossary'), body: () => GLOSSARY, expected: owner(401) },
  'POST /api/rooms/{id}/glossary/revise': {
    method: 'POST',
    path: room('/glossary/revise'),
    body: () => ({ lines: 3 }),
    expected: owner(401),
  },
  'GET /api/rooms/{id}/analytics': { method: 'GET', path: room('/analytics'), expected: owner(401) },
  'GET /api/rooms/{id}/analytics.csv': { method: 'GET', path: room('/analytics.csv'), expected: owner(401) },
  'GET /api/rooms/{id}/analytics/live': { method: 'GET', path: room('/analytics/live'), expected: owner(401) },
  'GET /api/view/{id} (public)': {
    method: 'GET',
    path: (c) => `/api/view/${c.room.room.id}`,
    expected: { anonymous: 200, userA: 200, userB: 200, admin: 200 },
  },
  // Anyone holding the viewer link, signed in or not, while the owner lets viewers download the transcript.
  'GET /api/view/{id}/transcript (public)': {
    method: 'GET',
    path: (c) => `/api/view/${c.room.room.id}/transcript?lang=fr`,
    expected: anyone,
  },
  'GET /api/view/{id}/transcript.txt (public)': {
    method: 'GET',
    path: (c) => `/api/view/${c.room.room.id}/transcript.txt`,
    expected: anyone,
  },
  'GET /api/view/{id}/transcript.srt (public)': {
    method: 'GET',
    path: (c) => `/api/view/${c.room.room.id}/transcript.srt`,
    expected: anyone,
  },
  'GET /api/view/{id}/transcript.vtt (public)': {
    method: 'GET',
    path: (c) => `/api/view/${c.room.room.id}/transcript.vtt?tz=UTC`,
    expected: anyone,
  },
  // Each signed-in caller gets its own archive (the caller is the token's); the contents are checked in account-archive.
  'GET /api/account/archive': {
    method: 'GET',
    path: () => '/api/account/archive',
    expected: { anonymous: 401, userA: 200, userB: 200, admin: 200 },
  },
  'GET /api/admin/users': { method: 'GET', path: () => '/api/admin/users', expected: adminOnly() },
  'PATCH /api/admin/users/{id}': {
    method: 'PATCH',
    path: (c) => `/api/admin/users/${c.userB.userId}`,
    body: () => ({ plan_type: 'premium' }),
    expected: adminOnly(),
  },
  'POST /api/admin/users/{id}/reset-tokens': {
    method: 'POST',
    path: (c) => `/api/admin/users/${c.userB.userId}/reset-tokens`,
    expected: adminOnly(),
  },
  'GET /api/admin/rooms': { method: 'GET', path: () => '/api/admin/rooms', expected: adminOnly() },
  'DELETE /api/admin/rooms/{id}': {
    method: 'DELETE',
    path: (c) => `/api/admin/rooms/${c.room.room.id}`,
    fresh: true,
    expected: adminOnly(204),
  },
  'GET /api/admin/stats': { method: 'GET', path: () => '/api/admin/stats', expected: adminOnly() },
  'GET /api/admin/health': { method: 'GET', path: () => '/api/admin/health', expected: adminOnly() },
  'GET /api/admin/analytics': { method: 'GET', path: () => '/api/admin/analytics', expected: adminOnly() },
  'GET /api/admin/analytics.csv': { method: 'GET', path: () => '/api/admin/analytics.csv', expected: adminOnly() },
};

/** Malformed input from a caller who may make the call: 400, after authentication and before any service. */
export const INVALID: [string, string, unknown?][] = [
  ['GET', '/api/rooms?status=open'],
  ['GET', '/api/rooms?limit=0'],
  ['GET', '/api/rooms?order=name'],
  ['GET', '/api/rooms/not-a-uuid'],
  ['PATCH', '/api/rooms/{room}', { duration_minutes: 45 }],
  ['PATCH', '/api/rooms/{room}', {}],
  ['POST', '/api/rooms', { name: '', source_language: 'es' }],
  ['POST', '/api/rooms', { name: 'X', invited_hosts: ['not-an-email'] }],
  ['POST', '/api/rooms/{room}/claim', { hostKey: 'short' }],
  ['POST', '/api/rooms/{room}/speakers', { name: ' ' }],
  ['POST', '/api/rooms/{room}/speakers', { name: 'x'.repeat(51) }],
  ['DELETE', '/api/rooms/{room}/speakers/not-a-uuid'],
  ['GET', '/api/rooms/not-a-uuid/glossary'],
  ['PUT', '/api/rooms/{room}/glossary', { entries: [{ term: 'x'.repeat(101), keep: true }] }],
  [
    'PUT',
    '/api/rooms/{room}/glossary',
    {
      entries: [
        { term: 'a', keep: true },
        { term: 'A', keep: true },
      ],
    },
  ],
  ['PUT', '/api/rooms/{room}/glossary', { entries: [], extra: 1 }],
  ['POST', '/api/rooms/{room}/glossary/revise', { lines: 0 }],
  ['POST', '/api/rooms/{room}/glossary/revise', { lines: 21 }],
  ['POST', '/api/rooms/{room}/glossary/revise', { lines: 2.5 }],
  ['POST', '/api/rooms/{room}/glossary/revise', { lines: '5' }],
  ['POST', '/api/rooms/{room}/glossary/revise', { lines: 5, all: true }],
  ['GET', '/api/rooms/{room}/transcript.txt?tz=Mars/Olympus_Mons'],
  ['GET', '/api/rooms/{room}/transcript.srt?lang=xx'],
  ['GET', '/api/view/not-a-uuid/transcript'],
  ['GET', '/api/view/{room}/transcript.txt?lang=xx'],
  ['GET', '/api/view/{room}/transcript.vtt?tz=Mars/Olympus_Mons'],
  ['PATCH', '/api/admin/users/not-a-uuid', { role: 'admin' }],
  ['PATCH', '/api/admin/users/{userB}', { plan_type: 'gold' }],
  ['DELETE', '/api/admin/rooms/not-a-uuid'],
];
