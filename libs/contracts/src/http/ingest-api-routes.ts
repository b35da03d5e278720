import { GatewayErrorCode } from '../errors/gateway.errors';
import { RoomsErrorCode } from '../errors/rooms.errors';
import { glossaryHeadersSchema, HOST_KEY_HEADER } from '../glossary/glossary.dto';
import { ingestKeyResponseSchema, ingestResponseSchema } from '../ingest/ingest.dto';
import { roomIdParamsSchema } from '../rooms/room-id.dto';
import { apiErrors, SERVICE_ERRORS, STATE_CHANGING_ERRORS, type ApiErrorCodes, type ApiRoute } from './api-route';

/** A room's venue feed: the dashboard's form (the owner's session) and the host page (the room's host key). */

const access: ApiErrorCodes = {
  400: [GatewayErrorCode.ValidationFailed],
  401: [GatewayErrorCode.NotAuthenticated],
  403: [RoomsErrorCode.InvalidHostKey],
  404: [RoomsErrorCode.RoomNotFound],
};
const who =
  `The room's owner calls with its session; anyone else only with the room's host key in the \`${HOST_KEY_HEADER}\` header. ` +
  "Without either: 401; a wrong host key: 403 `invalid_host_key`; another user's room or none: 404 alike.";

export const INGEST_ROUTES: readonly ApiRoute[] = [
  {
    method: 'get',
    path: '/api/rooms/{roomId}/ingest',
    operationId: 'getIngest',
    summary: "Where a room's venue feed goes, and the feed now",
    description:
      "The SRT (and, when enabled, RTMP) address encoders send the room's audio to, whether the room has a stream key " +
      "(never the key: it is shown once, when made) and the feed's state as the ingest sees it (`null` when it does " +
      `not answer within a second). Addresses are null when the deployment takes no feeds. ${who}`,
    tag: 'rooms',
    auth: 'bearerOrHostKey',
    params: roomIdParamsSchema,
    headers: glossaryHeadersSchema,
    responses: { 200: { description: 'The ingest', body: ingestResponseSchema }, ...apiErrors(SERVICE_ERRORS, access) },
  },
  {
    method: 'post',
    path: '/api/rooms/{roomId}/ingest/rotate',
    operationId: 'rotateIngestKey',
    summary: 'A new stream key for the room',
    description:
      "Makes the room's stream key (192 random bits, base64url), replacing any old one: the old key opens nothing from " +
      'then on and a publisher sending with it is cut within a second. The key is in this answer only, whole and in ' +
      `the encoder URLs (\`srt://host:port?streamid=KEY\`, \`rtmp://host:port/live/KEY\`). ${who}`,
    tag: 'rooms',
    auth: 'bearerOrHostKey',
    params: roomIdParamsSchema,
    headers: glossaryHeadersSchema,
    responses: {
      200: { description: 'The new key and the encoder URLs', body: ingestKeyResponseSchema },
      ...apiErrors(STATE_CHANGING_ERRORS, SERVICE_ERRORS, access),
    },
  },
];
