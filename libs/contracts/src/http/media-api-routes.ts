import { z } from 'zod';
import { GatewayErrorCode } from '../errors/gateway.errors';
import { RoomsErrorCode } from '../errors/rooms.errors';
import { SummaryErrorCode } from '../errors/summary.errors';
import { TtsErrorCode } from '../errors/tts.errors';
import { languageCodeSchema } from '../languages';
import { roomIdSchema } from '../rooms/room-id.dto';
import { summaryBodySchema, summaryQuerySchema, summaryResponseSchema } from '../translate/summary.messages';
import { viewerCallHeadersSchema } from './client-id';
import { apiErrors, SERVICE_ERRORS, STATE_CHANGING_ERRORS, type ApiRoute } from './api-route';

/** What a viewer holding a room's link may ask besides the live feed: a message read aloud, a summary. */

const validation = [GatewayErrorCode.ValidationFailed];

const SUMMARY_DESCRIPTION =
  'The whole session so far, or with `sinceSeq` (catch me up) what was said after it, rounded down to a multiple of 10. ' +
  'One language-model call per room, language and transcript version, however many viewers ask at once. Limited per ' +
  '`X-Client-Id` (or per client address without one), per room, and per address when the operator sets a cap (429 with ' +
  'Retry-After). 409 `nothing_to_summarize` ("No translations to summarize") when nothing was said in the span. ' +
  'Viewers of the web app ask on their socket instead (`summary_request`, docs/protocol.md).';

/** What a summary answer carries so that an edge (ingress, CDN) can absorb repeats. */
const summaryCacheHeaders = {
  ETag: { description: 'Changes when the summary does (a new transcript version)', schema: z.string() },
  'Cache-Control': { description: 'Kept for a few seconds by shared caches, then revalidated', schema: z.string() },
};

const summaryErrors = {
  400: validation,
  404: [RoomsErrorCode.RoomNotFound],
  409: [SummaryErrorCode.NothingToSummarize, SummaryErrorCode.QuotaExhausted],
  429: [GatewayErrorCode.TooManyRequests],
  503: [SummaryErrorCode.Unavailable],
};

export const MEDIA_ROUTES: readonly ApiRoute[] = [
  {
    method: 'get',
    path: '/api/rooms/{roomId}/messages/{messageId}/audio',
    operationId: 'getMessageAudio',
    summary: 'A message read aloud in a language',
    description:
      "The speech of what viewers of `lang` read for that message (MP3), made once by the server's provider and kept: " +
      'however many listeners ask, the provider is called once per message and language. 404 `tts_not_configured` when ' +
      "the server has no speech provider: the browser's own voice is the way then. Limited per `X-Client-Id` (or per " +
      'client address without one), per room, and per address when the operator sets a cap (429 with Retry-After).',
    tag: 'rooms',
    auth: 'none',
    params: z.object({ roomId: roomIdSchema, messageId: z.string().min(1).max(64) }),
    query: z.object({ lang: languageCodeSchema }),
    headers: viewerCallHeadersSchema,
    responses: {
      200: {
        description: 'The audio',
        contentType: 'audio/mpeg',
        body: z.string().meta({ format: 'binary' }),
        headers: { 'Cache-Control': { description: 'It never changes once made', schema: z.string() } },
      },
      ...apiErrors(SERVICE_ERRORS, {
        400: validation,
        404: [RoomsErrorCode.RoomNotFound, TtsErrorCode.NotConfigured, TtsErrorCode.NoVoice, TtsErrorCode.MessageNotFound],
        409: [TtsErrorCode.QuotaExhausted],
        429: [GatewayErrorCode.TooManyRequests],
        503: [TtsErrorCode.SynthesisFailed],
      }),
    },
  },
  {
    method: 'get',
    path: '/api/rooms/{roomId}/summary',
    operationId: 'getRoomSummary',
    summary: 'A summary of what was said, in a language (cacheable)',
    description:
      SUMMARY_DESCRIPTION +
      ' The answer carries an `ETag` and `Cache-Control: public, max-age=5, stale-while-revalidate=5`: a CDN or ingress ' +
      'cache answers repeats of the same URL, and `If-None-Match` with the current ETag answers 304.',
    tag: 'rooms',
    auth: 'none',
    params: z.object({ roomId: roomIdSchema }),
    query: summaryQuerySchema,
    headers: viewerCallHeadersSchema,
    responses: {
      200: {
        description: 'The summary and the span of the transcript it covers',
        body: summaryResponseSchema,
        headers: summaryCacheHeaders,
      },
      304: { description: 'The summary named by If-None-Match is still the current one', headers: summaryCacheHeaders },
      ...apiErrors(SERVICE_ERRORS, summaryErrors),
    },
  },
  {
    method: 'post',
    path: '/api/rooms/{roomId}/summary',
    operationId: 'summarizeRoom',
    summary: 'A summary of what was said, in a language',
    description: SUMMARY_DESCRIPTION + ' Answers as the GET form does (ETag, Cache-Control); caches keep only GET answers.',
    tag: 'rooms',
    auth: 'none',
    params: z.object({ roomId: roomIdSchema }),
    headers: viewerCallHeadersSchema,
    body: summaryBodySchema,
    responses: {
      200: {
        description: 'The summary and the span of the transcript it covers',
        body: summaryResponseSchema,
        headers: summaryCacheHeaders,
      },
      ...apiErrors(STATE_CHANGING_ERRORS, SERVICE_ERRORS, summaryErrors),
    },
  },
];
