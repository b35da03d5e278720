import { z } from 'zod';
import {
  grantTypeSchema,
  idTokenGrantBodySchema,
  passwordGrantBodySchema,
  recoverBodySchema,
  refreshGrantBodySchema,
  signupBodySchema,
  updateProfileBodySchema,
  updateUserBodySchema,
  verifyLinkQuerySchema,
} from '../auth/auth.dto';
import { authSessionSchema, authUserSchema, profileResponseSchema, publicConfigSchema, signupResponseSchema } from '../auth/auth.response';
import { AccountsErrorCode } from '../errors/accounts.errors';
import { GatewayErrorCode } from '../errors/gateway.errors';
import { RoomsErrorCode } from '../errors/rooms.errors';
import { createRoomBodySchema } from '../rooms/create-room.dto';
import { createOwnedRoomBodySchema } from '../rooms/owner-rooms.dto';
import { roomIdParamsSchema } from '../rooms/room-id.dto';
import { createRoomResponseSchema, publicRoomResponseSchema } from '../rooms/room.response';
import { ACCOUNT_ROUTES } from './account-api-routes';
import { apiErrors, SERVICE_ERRORS, STATE_CHANGING_ERRORS, type ApiRoute } from './api-route';
import { ADMIN_ROUTES, OWNER_ROOM_ROUTES } from './dashboard-api-routes';
import { ANALYTICS_ROUTES } from './analytics-api-routes';
import { GLOSSARY_ROUTES } from './glossary-api-routes';
import { INGEST_ROUTES } from './ingest-api-routes';
import { MEDIA_ROUTES } from './media-api-routes';
import { QUESTION_ROUTES } from './question-api-routes';
import { SPEAKER_ROUTES } from './speaker-api-routes';
import { VIEWER_TRANSCRIPT_ROUTES } from './viewer-transcript-api-routes';

export const API_INFO = {
  title: 'Live translation rooms API',
  version: '0.1.0',
  description:
    'The gateway\'s HTTP API. Errors are always `{"error":{"code","message"}}`. State-changing calls take JSON ' +
    'bodies only and, from a browser, only from an allowed origin. Signed-in calls send `Authorization: Bearer <access_token>`.',
} as const;

export const API_TAGS = [
  { name: 'auth', description: 'Sign-up, sessions, recovery and the own account' },
  { name: 'profile', description: "The caller's plan and token quota, and the archive of everything held about the caller" },
  { name: 'rooms', description: "Creating rooms, the owner's rooms with their transcripts, and what viewers may know and keep of them" },
  { name: 'glossary', description: "A room's glossary: terms kept as they are or translated as the organiser says" },
  { name: 'questions', description: 'Questions from the audience: asked and upvoted by viewers, answered or hidden by the host' },
  { name: 'speakers', description: 'Co-host speakers: invites by the owner, and what an invite token opens' },
  { name: 'admin', description: 'The admin panel: users, plans and roles, every room, statistics, system health (role admin)' },
  { name: 'config', description: 'Public settings for the web app' },
] as const;

const validation = [GatewayErrorCode.ValidationFailed];
const signedIn = { 401: [GatewayErrorCode.NotAuthenticated] } as const;
const authRate = { 429: [GatewayErrorCode.TooManyRequests] } as const;
const emptyObject = z.object({}).strict();
const location = { Location: { description: 'Where the browser goes next', schema: z.string() } };

/** Every route the gateway serves; a route missing here fails the tests. */
export const API_ROUTES: readonly ApiRoute[] = [
  {
    method: 'post',
    path: '/api/auth/signup',
    operationId: 'signUp',
    summary: 'Sign up with e-mail and password',
    description: 'With AUTH_CONFIRM_EMAIL the session is null until the link mailed to the address is used.',
    tag: 'auth',
    auth: 'none',
    body: signupBodySchema,
    responses: {
      200: { description: 'The new user, and its session unless the e-mail must be confirmed first', body: signupResponseSchema },
      ...apiErrors(STATE_CHANGING_ERRORS, SERVICE_ERRORS, authRate, {
        400: [...validation, GatewayErrorCode.UntrustedHost],
        422: [AccountsErrorCode.UserAlreadyExists],
      }),
    },
  },
  {
    method: 'post',
    path: '/api/auth/token',
    operationId: 'createSession',
    summary: 'Sign in, or refresh a session',
    description:
      'The body goes with `grant_type`: `password` takes `{email, password}`, `refresh_token` takes `{refresh_token}` ' +
      '(each refresh token works once), `id_token` takes `{provider, id_token}` from Keycloak. Failed password sign-ins ' +
      'from one address make it wait, with 429 and Retry-After.',
    tag: 'auth',
    auth: 'none',
    query: z.object({ grant_type: grantTypeSchema }),
    body: z.union([passwordGrantBodySchema, refreshGrantBodySchema, idTokenGrantBodySchema]),
    responses: {
      200: { description: 'A new session', body: authSessionSchema },
      ...apiErrors(STATE_CHANGING_ERRORS, SERVICE_ERRORS, authRate, {
        400: [
          ...validation,
          AccountsErrorCode.InvalidCredentials,
          AccountsErrorCode.EmailNotConfirmed,
          AccountsErrorCode.InvalidRefreshToken,
          AccountsErrorCode.RefreshTokenReused,
          AccountsErrorCode.InvalidIdToken,
          AccountsErrorCode.SocialNotConfigured,
        ],
      }),
    },
  },
  {
    method: 'post',
    path: '/api/auth/logout',
    operationId: 'signOut',
    summary: 'Sign out: end this session',
    description: "The session's access tokens are refused from now on and its sockets close.",
    tag: 'auth',
    auth: 'bearer',
    responses: {
      204: { description: 'Signed out' },
      ...apiErrors(STATE_CHANGING_ERRORS, SERVICE_ERRORS, signedIn),
    },
  },
  {
    method: 'post',
    path: '/api/auth/recover',
    operationId: 'recoverPassword',
    summary: 'Mail a password recovery link',
    description: 'Answers the same whether the address has an account or not; mails at most once a minute per address.',
    tag: 'auth',
    auth: 'none',
    body: recoverBodySchema,
    responses: {
      200: { description: 'Mailed if the address has an account', body: emptyObject },
      ...apiErrors(STATE_CHANGING_ERRORS, SERVICE_ERRORS, authRate, { 400: [...validation, GatewayErrorCode.UntrustedHost] }),
    },
  },
  {
    method: 'get',
    path: '/api/auth/verify',
    operationId: 'verifyLink',
    summary: 'Open a link from a recovery or confirmation mail',
    description:
      'Spends the link and redirects to the page (`/` after a confirmation, `/reset-password` after a recovery) with the ' +
      'session in the fragment, or with `error`, `error_code` and `error_description` there when the link is not valid.',
    tag: 'auth',
    auth: 'none',
    query: verifyLinkQuerySchema,
    responses: {
      303: { description: 'To the page, with the session or the error in the fragment', headers: location },
      ...apiErrors({ 400: [GatewayErrorCode.UntrustedHost] }),
    },
  },
  {
    method: 'get',
    path: '/api/auth/user',
    operationId: 'getUser',
    summary: 'The signed-in user',
    tag: 'auth',
    auth: 'bearer',
    responses: {
      200: { description: 'The signed-in user', body: authUserSchema },
      ...apiErrors(SERVICE_ERRORS, signedIn),
    },
  },
  {
    method: 'put',
    path: '/api/auth/user',
    operationId: 'updateUser',
    summary: 'Change the own name, e-mail or password',
    description: "A new password ends the user's other sessions.",
    tag: 'auth',
    auth: 'bearer',
    body: updateUserBodySchema,
    responses: {
      200: { description: 'The updated user', body: authUserSchema },
      ...apiErrors(STATE_CHANGING_ERRORS, SERVICE_ERRORS, signedIn, { 400: validation, 422: [AccountsErrorCode.EmailExists] }),
    },
  },
  {
    method: 'delete',
    path: '/api/auth/user',
    operationId: 'deleteUser',
    summary: 'Delete the own account',
    description: 'Ends every session of the user.',
    tag: 'auth',
    auth: 'bearer',
    responses: {
      204: { description: 'Deleted' },
      ...apiErrors(STATE_CHANGING_ERRORS, SERVICE_ERRORS, signedIn),
    },
  },
  {
    method: 'get',
    path: '/api/profile',
    operationId: 'getProfile',
    summary: "The caller's profile",
    tag: 'profile',
    auth: 'bearer',
    responses: {
      200: { description: 'Plan, role and token quota', body: profileResponseSchema },
      ...apiErrors(SERVICE_ERRORS, signedIn),
    },
  },
  {
    method: 'patch',
    path: '/api/profile',
    operationId: 'updateProfile',
    summary: "Change the caller's interface language",
    description: 'The web applies it on every browser where the user signs in.',
    tag: 'profile',
    auth: 'bearer',
    body: updateProfileBodySchema,
    responses: {
      200: { description: 'The updated profile', body: profileResponseSchema },
      ...apiErrors(STATE_CHANGING_ERRORS, SERVICE_ERRORS, signedIn, { 400: validation }),
    },
  },
  {
    method: 'post',
    path: '/api/rooms',
    operationId: 'createRoom',
    summary: 'Create a room',
    description:
      'Anyone may create a room with at most a `name`, within a rate per address and, signed in, per user; a signed-in ' +
      "caller owns it, and may send the dashboard's create form instead (name, source_language, scheduled_at, " +
      'duration_minutes, invited_hosts). The room starts `scheduled`. The host key in the answer is never shown again.',
    tag: 'rooms',
    auth: 'optional',
    body: z.union([createRoomBodySchema, createOwnedRoomBodySchema]),
    bodyRequired: false,
    responses: {
      201: { description: 'The room and its host key', body: createRoomResponseSchema },
      ...apiErrors(STATE_CHANGING_ERRORS, SERVICE_ERRORS, signedIn, {
        400: [...validation, GatewayErrorCode.UntrustedHost],
        429: [GatewayErrorCode.TooManyRequests],
      }),
    },
  },
  {
    method: 'get',
    path: '/api/view/{roomId}',
    operationId: 'viewRoom',
    summary: 'What the viewer link may know of a room',
    tag: 'rooms',
    auth: 'none',
    params: roomIdParamsSchema,
    responses: {
      200: { description: 'The public part of the room', body: publicRoomResponseSchema },
      ...apiErrors(SERVICE_ERRORS, { 400: validation, 404: [RoomsErrorCode.RoomNotFound] }),
    },
  },
  ...VIEWER_TRANSCRIPT_ROUTES,
  ...OWNER_ROOM_ROUTES,
  ...SPEAKER_ROUTES,
  ...GLOSSARY_ROUTES,
  ...INGEST_ROUTES,
  ...QUESTION_ROUTES,
  ...ANALYTICS_ROUTES,
  ...ADMIN_ROUTES,
  ...MEDIA_ROUTES,
  ...ACCOUNT_ROUTES,
  {
    method: 'get',
    path: '/config.json',
    operationId: 'getPublicConfig',
    summary: 'Public settings for the web app',
    tag: 'config',
    auth: 'none',
    responses: {
      200: { description: 'Languages, limits and the Keycloak settings for social sign-in', body: publicConfigSchema },
      ...apiErrors(),
    },
  },
];
