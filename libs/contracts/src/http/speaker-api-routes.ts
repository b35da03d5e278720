import { GatewayErrorCode } from '../errors/gateway.errors';
import { RoomsErrorCode } from '../errors/rooms.errors';
import { roomIdParamsSchema } from '../rooms/room-id.dto';
import {
  createSpeakerBodySchema,
  createSpeakerResponseSchema,
  speakAccessBodySchema,
  speakerAccessResponseSchema,
  speakerListResponseSchema,
  speakerParamsSchema,
  speakJoinBodySchema,
} from '../speakers/speakers.dto';
import { apiErrors, SERVICE_ERRORS, STATE_CHANGING_ERRORS, type ApiErrorCodes, type ApiRoute } from './api-route';

/** Co-host speakers: the owner's Manage Speakers panel, and the Speaker room's calls with an invite token. */

const validation = [GatewayErrorCode.ValidationFailed];
const signedIn = { 401: [GatewayErrorCode.NotAuthenticated] } as const;
const ownRoom: ApiErrorCodes = { 400: validation, 404: [RoomsErrorCode.RoomNotFound] };
const invite: ApiErrorCodes = { 400: validation, 403: [RoomsErrorCode.InvalidInvite] };
const notAnOwnRoom = "Another user's room, an anonymous one or none answers 404 alike.";
const anyRoom =
  'A token answers only for the room it was made for; any other token, room or removed speaker answers 403 ' +
  '`invalid_invite` with `Invalid or expired invite token`.';

export const SPEAKER_ROUTES: readonly ApiRoute[] = [
  {
    method: 'get',
    path: '/api/rooms/{roomId}/speakers',
    operationId: 'listSpeakers',
    summary: "A room's speakers",
    description: `Oldest invite first, each with its display status (active, joined, invited). ${notAnOwnRoom}`,
    tag: 'speakers',
    auth: 'bearer',
    params: roomIdParamsSchema,
    responses: { 200: { description: 'The speakers', body: speakerListResponseSchema }, ...apiErrors(SERVICE_ERRORS, signedIn, ownRoom) },
  },
  {
    method: 'post',
    path: '/api/rooms/{roomId}/speakers',
    operationId: 'inviteSpeaker',
    summary: 'Invite a co-host speaker',
    description:
      'The name is trimmed, 1–50 characters. The answer holds the invite link, `/speak/{roomId}?token=…&name=…` on the ' +
      `public origin: its token is stored hashed and never shown again. ${notAnOwnRoom}`,
    tag: 'speakers',
    auth: 'bearer',
    params: roomIdParamsSchema,
    body: createSpeakerBodySchema,
    responses: {
      201: { description: 'The speaker and its invite link', body: createSpeakerResponseSchema },
      ...apiErrors(STATE_CHANGING_ERRORS, SERVICE_ERRORS, signedIn, { ...ownRoom, 400: [...validation, GatewayErrorCode.UntrustedHost] }),
    },
  },
  {
    method: 'delete',
    path: '/api/rooms/{roomId}/speakers/{speakerId}',
    operationId: 'removeSpeaker',
    summary: 'Remove a speaker',
    description:
      'Its token stops working at once, and its open sockets get an `error` `speaker_removed` and close with 4004 within a ' +
      `second, on every gateway. A speaker of another room answers 404 \`speaker_not_found\`. ${notAnOwnRoom}`,
    tag: 'speakers',
    auth: 'bearer',
    params: speakerParamsSchema,
    responses: {
      204: { description: 'Removed' },
      ...apiErrors(STATE_CHANGING_ERRORS, SERVICE_ERRORS, signedIn, {
        ...ownRoom,
        404: [RoomsErrorCode.RoomNotFound, RoomsErrorCode.SpeakerNotFound],
      }),
    },
  },
  {
    method: 'post',
    path: '/api/speak/verify',
    operationId: 'verifySpeaker',
    summary: 'Check an invite token',
    description: `The speaker the token names and the room it opens. ${anyRoom}`,
    tag: 'speakers',
    auth: 'none',
    body: speakAccessBodySchema,
    responses: {
      200: { description: 'The speaker and the room', body: speakerAccessResponseSchema },
      ...apiErrors(STATE_CHANGING_ERRORS, SERVICE_ERRORS, invite),
    },
  },
  {
    method: 'post',
    path: '/api/speak/join',
    operationId: 'joinAsSpeaker',
    summary: 'Join a room as its speaker',
    description: `The speaker becomes active with its input language, and \`joined_at\` becomes now. ${anyRoom}`,
    tag: 'speakers',
    auth: 'none',
    body: speakJoinBodySchema,
    responses: {
      200: { description: 'The speaker, now active, and the room', body: speakerAccessResponseSchema },
      ...apiErrors(STATE_CHANGING_ERRORS, SERVICE_ERRORS, invite),
    },
  },
  {
    method: 'post',
    path: '/api/speak/leave',
    operationId: 'leaveAsSpeaker',
    summary: 'Leave a room as its speaker',
    description: `The speaker is no longer active (its status becomes joined). ${anyRoom}`,
    tag: 'speakers',
    auth: 'none',
    body: speakAccessBodySchema,
    responses: { 204: { description: 'Left' }, ...apiErrors(STATE_CHANGING_ERRORS, SERVICE_ERRORS, invite) },
  },
];
