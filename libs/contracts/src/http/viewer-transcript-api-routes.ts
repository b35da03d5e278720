import { z } from 'zod';
import { GatewayErrorCode } from '../errors/gateway.errors';
import { RoomsErrorCode } from '../errors/rooms.errors';
import { HOST_KEY_HEADER } from '../glossary/glossary.dto';
import { type TranscriptFormat } from '../rooms/owner-rooms.dto';
import { roomIdParamsSchema } from '../rooms/room-id.dto';
import { viewerTranscriptHeadersSchema, viewerTranscriptQuerySchema, viewerTranscriptResponseSchema } from '../rooms/viewer-transcript.dto';
import { apiErrors, SERVICE_ERRORS, type ApiErrorCodes, type ApiRoute } from './api-route';
import { CLIENT_ID_HEADER } from './client-id';
import { TRANSCRIPT_FILES } from './dashboard-api-routes';

/** A room's transcript for whoever holds its viewer link, and for its host with the host key. */

const errors: ApiErrorCodes = {
  400: [GatewayErrorCode.ValidationFailed],
  403: [RoomsErrorCode.TranscriptDownloadsOff, RoomsErrorCode.InvalidHostKey],
  404: [RoomsErrorCode.RoomNotFound],
  429: [GatewayErrorCode.TooManyRequests],
};

const who =
  'Anyone holding the viewer link, unless the owner turned viewer downloads off (403 `transcript_downloads_off`); ' +
  `the room's host key in the \`${HOST_KEY_HEADER}\` header opens it regardless (a wrong key: 403 \`invalid_host_key\`). ` +
  'Without `lang`, each message as it was spoken; with it, in that language: stored translations, the missing ones ' +
  `translated once and stored, the original where none could be made. Limited per \`${CLIENT_ID_HEADER}\` (or per ` +
  'client address without one), per room, and per address when the operator sets a cap (429 with Retry-After).';

const route = (route: Pick<ApiRoute, 'path' | 'operationId' | 'summary' | 'description' | 'responses'>): ApiRoute => ({
  ...route,
  method: 'get',
  tag: 'rooms',
  auth: 'none',
  params: roomIdParamsSchema,
  query: viewerTranscriptQuerySchema,
  headers: viewerTranscriptHeadersSchema,
});

const fileRoute = (format: TranscriptFormat): ApiRoute =>
  route({
    path: `/api/view/{roomId}/transcript.${format}`,
    operationId: `viewerTranscript${format[0].toUpperCase()}${format.slice(1)}`,
    summary: `${TRANSCRIPT_FILES[format].summary}, for a viewer`,
    description: `The owner's export, for the room's audience. ${TRANSCRIPT_FILES[format].description} Dates and times in \`tz\` (UTC by default). ${who}`,
    responses: {
      200: {
        description: 'The file, as an attachment',
        contentType: TRANSCRIPT_FILES[format].contentType,
        body: z.string(),
        headers: {
          'Content-Disposition': {
            description: 'attachment; filename="transcripcion-…"',
            schema: z.string(),
          },
        },
      },
      ...apiErrors(SERVICE_ERRORS, errors),
    },
  });

export const VIEWER_TRANSCRIPT_ROUTES: readonly ApiRoute[] = [
  route({
    path: '/api/view/{roomId}/transcript',
    operationId: 'viewerTranscript',
    summary: "A room's transcript, for a viewer",
    description: `Every line the room stored, in the order spoken (\`tz\` is not used here). ${who}`,
    responses: {
      200: {
        description: 'The lines in the language',
        body: viewerTranscriptResponseSchema,
      },
      ...apiErrors(SERVICE_ERRORS, errors),
    },
  }),
  fileRoute('txt'),
  fileRoute('srt'),
  fileRoute('vtt'),
];
