import { z } from 'zod';
import { GatewayErrorCode } from '../errors/gateway.errors';
import { RoomsErrorCode } from '../errors/rooms.errors';
import { SummaryErrorCode } from '../errors/summary.errors';
import { TtsErrorCode } from '../errors/tts.errors';
import { languageCodeSchema } from '../languages';
import { roomIdSchema } from '../rooms/room-id.dto';
import { summaryBodySchema, summaryResponseSchema } from '../translate/summary.messages';
import { viewerCallHeadersSchema } from './client-id';
import { apiErrors, SERVICE_ERRORS, STATE_CHANGING_ERRORS, type ApiRoute } from './api-route';

/** What a viewer holding a room's link may ask besides the live feed: a message read aloud, a summary. */

const validation = [GatewayErrorCode.ValidationFailed];

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
    method: 'post',
    path: '/api/rooms/{roomId}/summary',
    operationId: 'summarizeRoom',
    summary: 'A summary of what was said, in a language',
    description:
      'The whole session so far, or with `sinceSeq` (catch me up) what was said after it, rounded down to a multiple of 10. ' +
      'One language-model call per room, language and transcript version, however many viewers ask at once. Limited per ' +
      '`X-Client-Id` (or per client address without one), per room, and per address when the operator sets a cap (429 with Retry-After). 409 `nothing_to_summarize` ("No translations to summarize") when nothing was said in the span.',
    tag: 'rooms',
    auth: 'none',
    params: z.object({ roomId: roomIdSchema }),
    headers: viewerCallHeadersSchema,
    body: summaryBodySchema,
    responses: {
      200: { description: 'The summary and the span of the transcript it covers', body: summaryResponseSchema },
      ...apiErrors(STATE_CHANGING_ERRORS, SERVICE_ERRORS, {
        400: validation,
        404: [RoomsErrorCode.RoomNotFound],
        409: [SummaryErrorCode.NothingToSummarize, SummaryErrorCode.QuotaExhausted],
        429: [GatewayErrorCode.TooManyRequests],
        503: [SummaryErrorCode.Unavailable],
      }),
    },
  },
];
