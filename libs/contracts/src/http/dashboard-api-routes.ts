import { z } from 'zod';
import {
  adminRoomListSchema,
  adminStatsSchema,
  adminUpdateUserBodySchema,
  adminUserListSchema,
  adminUserSchema,
  systemHealthSchema,
  userIdParamsSchema,
} from '../admin/admin.dto';
import { AccountsErrorCode } from '../errors/accounts.errors';
import { GatewayErrorCode } from '../errors/gateway.errors';
import { RoomsErrorCode } from '../errors/rooms.errors';
import {
  claimRoomBodySchema,
  listRoomsQuerySchema,
  roomListResponseSchema,
  transcriptExportQuerySchema,
  transcriptResponseSchema,
  updateRoomBodySchema,
  type TranscriptFormat,
} from '../rooms/owner-rooms.dto';
import { roomIdParamsSchema } from '../rooms/room-id.dto';
import { roomResponseSchema } from '../rooms/room.response';
import { apiErrors, SERVICE_ERRORS, STATE_CHANGING_ERRORS, type ApiErrorCodes, type ApiRoute } from './api-route';

/** The owner's rooms (the dashboard) and the admin panel: every route here needs a signed-in caller. */

const validation = [GatewayErrorCode.ValidationFailed];
const signedIn = { 401: [GatewayErrorCode.NotAuthenticated] } as const;
const ownRoom: ApiErrorCodes = { 400: validation, 404: [RoomsErrorCode.RoomNotFound] };
const admin: ApiErrorCodes = { 401: [GatewayErrorCode.NotAuthenticated], 403: [GatewayErrorCode.Forbidden, AccountsErrorCode.Forbidden] };
const notAnOwnRoom = "Another user's room, an anonymous one or none answers 404 alike.";

const roomRoute = (route: Omit<ApiRoute, 'tag' | 'auth' | 'params'>): ApiRoute => ({
  ...route,
  tag: 'rooms',
  auth: 'bearer',
  params: roomIdParamsSchema,
  description: [route.description, notAnOwnRoom].filter(Boolean).join(' '),
});

export const TRANSCRIPT_FILES: Record<TranscriptFormat, { contentType: string; summary: string; description: string }> = {
  txt: {
    contentType: 'text/plain; charset=utf-8',
    summary: 'The transcript as a text file',
    description:
      'UTF-8 text named `transcripcion-{room name}-{YYYY-MM-DD}.txt`: a header (Sala, Fecha, Duración, Idioma), the line ' +
      '`--- TRANSCRIPCIÓN ---`, then one `[HH:mm:ss] (confidence) text` per message, separated by blank lines (docs/api.md). ' +
      'With `ui=en` the labels and the name are English (`transcript-…`, Room, Date, Duration, Language, `--- TRANSCRIPT ---`).',
  },
  srt: {
    contentType: 'application/x-subrip; charset=utf-8',
    summary: 'The transcript as SubRip subtitles',
    description: 'Cue times from the message times, relative to the first message; each cue lasts until the next message, 7 s at most.',
  },
  vtt: {
    contentType: 'text/vtt; charset=utf-8',
    summary: 'The transcript as WebVTT subtitles',
    description: 'Cue times from the message times, relative to the first message; each cue lasts until the next message, 7 s at most.',
  },
};

const exportRoute = (format: TranscriptFormat): ApiRoute =>
  roomRoute({
    method: 'get',
    path: `/api/rooms/{roomId}/transcript.${format}`,
    operationId: `exportTranscript${format[0].toUpperCase()}${format.slice(1)}`,
    summary: TRANSCRIPT_FILES[format].summary,
    description:
      `${TRANSCRIPT_FILES[format].description} Without \`lang\`, each message as it was spoken; with it, in that language: stored ` +
      'translations, and the missing ones translated once and stored. Dates and times in `tz` (UTC by default); labels and ' +
      'file name in the interface language `ui` (es by default).',
    query: transcriptExportQuerySchema,
    responses: {
      200: {
        description: 'The file, as an attachment',
        contentType: TRANSCRIPT_FILES[format].contentType,
        body: z.string(),
        headers: {
          'Content-Disposition': { description: 'attachment; filename="transcripcion-…" (ui=en: "transcript-…")', schema: z.string() },
        },
      },
      ...apiErrors(SERVICE_ERRORS, signedIn, ownRoom),
    },
  });

export const OWNER_ROOM_ROUTES: readonly ApiRoute[] = [
  {
    method: 'get',
    path: '/api/rooms',
    operationId: 'listRooms',
    summary: "The caller's rooms",
    description:
      "The dashboard's lists: latest created (`order=created_desc&limit=5`), scheduled by time (`status=scheduled&order=scheduled_asc`), " +
      'active (`status=scheduled,active&order=updated_desc`), history (`status=ended&order=updated_desc`).',
    tag: 'rooms',
    auth: 'bearer',
    query: listRoomsQuerySchema,
    responses: {
      200: { description: "The caller's rooms in the order asked", body: roomListResponseSchema },
      ...apiErrors(SERVICE_ERRORS, signedIn, { 400: validation }),
    },
  },
  roomRoute({
    method: 'get',
    path: '/api/rooms/{roomId}',
    operationId: 'getRoom',
    summary: "One of the caller's rooms",
    responses: { 200: { description: 'The room', body: roomResponseSchema }, ...apiErrors(SERVICE_ERRORS, signedIn, ownRoom) },
  }),
  roomRoute({
    method: 'patch',
    path: '/api/rooms/{roomId}',
    operationId: 'updateRoom',
    summary: 'Edit a room',
    description: 'Only the fields sent change; `null` clears the language or the schedule. `updated_at` becomes now.',
    body: updateRoomBodySchema,
    responses: {
      200: { description: 'The room as it is now', body: roomResponseSchema },
      ...apiErrors(STATE_CHANGING_ERRORS, SERVICE_ERRORS, signedIn, ownRoom),
    },
  }),
  roomRoute({
    method: 'delete',
    path: '/api/rooms/{roomId}',
    operationId: 'deleteRoom',
    summary: 'Delete a room',
    description:
      'With its transcript, evaluation and translations. Everyone connected to it gets `room_end`, then the socket closes with 4003.',
    responses: { 204: { description: 'Deleted' }, ...apiErrors(STATE_CHANGING_ERRORS, SERVICE_ERRORS, signedIn, ownRoom) },
  }),
  roomRoute({
    method: 'post',
    path: '/api/rooms/{roomId}/duplicate',
    operationId: 'duplicateRoom',
    summary: 'Duplicate a room',
    description:
      'A new scheduled room named `{name} (Copia)`, with the same language and duration and no schedule; the owner hosts it with its session.',
    responses: {
      201: { description: 'The copy', body: roomResponseSchema },
      ...apiErrors(STATE_CHANGING_ERRORS, SERVICE_ERRORS, signedIn, { ...ownRoom, 400: [...validation, GatewayErrorCode.UntrustedHost] }),
    },
  }),
  roomRoute({
    method: 'post',
    path: '/api/rooms/{roomId}/start',
    operationId: 'startRoom',
    summary: 'Start a room',
    description: 'Status `active`, `updated_at` now; everyone connected to the room gets `room_start`.',
    responses: {
      200: { description: 'The started room', body: roomResponseSchema },
      ...apiErrors(STATE_CHANGING_ERRORS, SERVICE_ERRORS, signedIn, ownRoom),
    },
  }),
  roomRoute({
    method: 'post',
    path: '/api/rooms/{roomId}/end',
    operationId: 'endRoom',
    summary: 'End a room',
    description: 'Status `ended`, `updated_at` now; everyone connected to the room gets `room_end`.',
    responses: {
      200: { description: 'The ended room', body: roomResponseSchema },
      ...apiErrors(STATE_CHANGING_ERRORS, SERVICE_ERRORS, signedIn, ownRoom),
    },
  }),
  {
    method: 'post',
    path: '/api/rooms/{roomId}/claim',
    operationId: 'claimRoom',
    summary: 'Take ownership of an anonymous room',
    description:
      "A room created without signing in becomes the caller's when the body holds its host key. A wrong key, or a room that " +
      'already has an owner, answers 404 like a room that does not exist.',
    tag: 'rooms',
    auth: 'bearer',
    params: roomIdParamsSchema,
    body: claimRoomBodySchema,
    responses: {
      200: { description: "The room, now the caller's", body: roomResponseSchema },
      ...apiErrors(STATE_CHANGING_ERRORS, SERVICE_ERRORS, signedIn, ownRoom),
    },
  },
  roomRoute({
    method: 'get',
    path: '/api/rooms/{roomId}/transcript',
    operationId: 'getTranscript',
    summary: "A room's transcript",
    description: 'Every stored message, by `message_timestamp` ascending, with its seq, confidence level and speaker.',
    responses: {
      200: { description: 'The room and its messages', body: transcriptResponseSchema },
      ...apiErrors(SERVICE_ERRORS, signedIn, ownRoom),
    },
  }),
  exportRoute('txt'),
  exportRoute('srt'),
  exportRoute('vtt'),
];

const adminRoute = (route: Omit<ApiRoute, 'tag' | 'auth'>): ApiRoute => ({ ...route, tag: 'admin', auth: 'bearer' });

export const ADMIN_ROUTES: readonly ApiRoute[] = [
  adminRoute({
    method: 'get',
    path: '/api/admin/users',
    operationId: 'adminListUsers',
    summary: 'Every user, newest first',
    responses: { 200: { description: 'The profiles', body: adminUserListSchema }, ...apiErrors(SERVICE_ERRORS, admin) },
  }),
  adminRoute({
    method: 'patch',
    path: '/api/admin/users/{userId}',
    operationId: 'adminUpdateUser',
    summary: "Change a user's plan or role",
    description: 'The plan sets the token quota with it: free 10000, premium 100000.',
    params: userIdParamsSchema,
    body: adminUpdateUserBodySchema,
    responses: {
      200: { description: 'The profile as it is now', body: adminUserSchema },
      ...apiErrors(STATE_CHANGING_ERRORS, SERVICE_ERRORS, admin, { 400: validation, 404: [AccountsErrorCode.UserNotFound] }),
    },
  }),
  adminRoute({
    method: 'post',
    path: '/api/admin/users/{userId}/reset-tokens',
    operationId: 'adminResetTokens',
    summary: "Reset a user's token usage",
    description: '`tokens_used` becomes 0 and `last_reset` now.',
    params: userIdParamsSchema,
    responses: {
      200: { description: 'The profile as it is now', body: adminUserSchema },
      ...apiErrors(STATE_CHANGING_ERRORS, SERVICE_ERRORS, admin, { 400: validation, 404: [AccountsErrorCode.UserNotFound] }),
    },
  }),
  adminRoute({
    method: 'get',
    path: '/api/admin/rooms',
    operationId: 'adminListRooms',
    summary: "Every room with its owner's e-mail, newest first",
    responses: { 200: { description: 'The rooms', body: adminRoomListSchema }, ...apiErrors(SERVICE_ERRORS, admin) },
  }),
  adminRoute({
    method: 'delete',
    path: '/api/admin/rooms/{roomId}',
    operationId: 'adminDeleteRoom',
    summary: 'Delete any room',
    description: 'As its owner would: with its transcript and translations, and its sockets get `room_end` and close with 4003.',
    params: roomIdParamsSchema,
    responses: {
      204: { description: 'Deleted' },
      ...apiErrors(STATE_CHANGING_ERRORS, SERVICE_ERRORS, admin, { 400: validation, 404: [RoomsErrorCode.RoomNotFound] }),
    },
  }),
  adminRoute({
    method: 'get',
    path: '/api/admin/stats',
    operationId: 'adminStats',
    summary: 'The six figures of the Statistics tab',
    responses: {
      200: { description: 'Users, rooms, premium users, active rooms, admins, tokens used', body: adminStatsSchema },
      ...apiErrors(SERVICE_ERRORS, admin),
    },
  }),
  adminRoute({
    method: 'get',
    path: '/api/admin/health',
    operationId: 'adminSystemHealth',
    summary: 'Each part of the system as it answers now',
    description: 'The gateway, each service (asked over the bus; down when it does not answer within 1.5 s) and the database.',
    responses: { 200: { description: 'Each part up or down', body: systemHealthSchema }, ...apiErrors(SERVICE_ERRORS, admin) },
  }),
];
