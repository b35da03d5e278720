import { GatewayErrorCode } from '../errors/gateway.errors';
import { RoomsErrorCode } from '../errors/rooms.errors';
import { glossaryBodySchema, glossaryHeadersSchema, glossaryResponseSchema, HOST_KEY_HEADER } from '../glossary/glossary.dto';
import { GLOSSARY_LIMITS } from '../glossary/glossary.messages';
import { GLOSSARY_REVISION, glossaryReviseBodySchema, glossaryRevisionResponseSchema } from '../glossary/glossary-revision';
import { glossaryVocabularyResponseSchema } from '../glossary/glossary-vocabulary';
import { roomIdParamsSchema } from '../rooms/room-id.dto';
import { apiErrors, SERVICE_ERRORS, STATE_CHANGING_ERRORS, type ApiErrorCodes, type ApiRoute } from './api-route';

/** A room's glossary: the dashboard's form (the owner's session) and the host page (the room's host key). */

const L = GLOSSARY_LIMITS;
const access: ApiErrorCodes = {
  400: [GatewayErrorCode.ValidationFailed],
  401: [GatewayErrorCode.NotAuthenticated],
  403: [RoomsErrorCode.InvalidHostKey],
  404: [RoomsErrorCode.RoomNotFound],
};
/** Writes (replace, revise) are limited per room: GLOSSARY_WRITES_PER_MINUTE a minute per room and gateway. */
const writes: ApiErrorCodes = { ...access, 429: [GatewayErrorCode.TooManyRequests] };
const who =
  `The room's owner calls with its session; anyone else only with the room's host key in the \`${HOST_KEY_HEADER}\` header ` +
  '(sent, it is used even with a session). Without either: 401; a wrong host key: 403 `invalid_host_key`; ' +
  "another user's room, an anonymous one without its key, or none: 404 alike.";

export const GLOSSARY_ROUTES: readonly ApiRoute[] = [
  {
    method: 'get',
    path: '/api/rooms/{roomId}/glossary',
    operationId: 'getGlossary',
    summary: "A room's glossary",
    description: `Version 0 and no entries for a room that never had one. ${who}`,
    tag: 'glossary',
    auth: 'bearerOrHostKey',
    params: roomIdParamsSchema,
    headers: glossaryHeadersSchema,
    responses: { 200: { description: 'The glossary', body: glossaryResponseSchema }, ...apiErrors(SERVICE_ERRORS, access) },
  },
  {
    method: 'put',
    path: '/api/rooms/{roomId}/glossary',
    operationId: 'replaceGlossary',
    summary: "Replace a room's glossary",
    description:
      `The entries replace the glossary whole, and apply from the room's next sentence. At most ${L.maxEntries} entries; ` +
      `a term is 1–${L.termMax} characters, unique ignoring case; each entry keeps its term as it is (\`keep\`, no ` +
      `translations) or gives a translation for at least one language (up to ${L.translationMax} characters each); a note ` +
      `is up to ${L.noteMax} characters. Text is trimmed; control characters are refused. Every problem is listed in ` +
      '`issues`, its message naming the entry (from 1) and field, e.g. `Entry 3, term: …`. The version grows by one ' +
      `unless the entries are the ones stored. The body may be up to ${L.bodyMaxBytes / 1024} kB. ${who}`,
    tag: 'glossary',
    auth: 'bearerOrHostKey',
    params: roomIdParamsSchema,
    headers: glossaryHeadersSchema,
    body: glossaryBodySchema,
    responses: {
      200: { description: 'The glossary as stored, with its version', body: glossaryResponseSchema },
      ...apiErrors(STATE_CHANGING_ERRORS, SERVICE_ERRORS, writes),
    },
  },
  {
    method: 'post',
    path: '/api/rooms/{roomId}/glossary/revise',
    operationId: 'reviseWithGlossary',
    summary: "Translate the room's last lines again with the glossary",
    description:
      `The room's last \`lines\` final lines (1–${GLOSSARY_REVISION.maxLines}, default ${GLOSSARY_REVISION.defaultLines}; the body may be ` +
      'omitted) are translated again with the glossary as it is now, into every language viewers read and every language ' +
      "the lines were stored in, after live captions in the provider's budget. A translation that comes out different " +
      "replaces the stored one and is sent to that language's viewers as a `translation_revised` frame; one the provider " +
      `cannot make in time keeps its old text (\`failed\`). Answers when every line is done (at most ${GLOSSARY_REVISION.timeoutMs / 1000} s). ${who}`,
    tag: 'glossary',
    auth: 'bearerOrHostKey',
    params: roomIdParamsSchema,
    headers: glossaryHeadersSchema,
    body: glossaryReviseBodySchema,
    bodyRequired: false,
    responses: {
      200: { description: 'What was translated again', body: glossaryRevisionResponseSchema },
      ...apiErrors(STATE_CHANGING_ERRORS, SERVICE_ERRORS, writes),
    },
  },
  {
    method: 'get',
    path: '/api/rooms/{roomId}/glossary/vocabulary',
    operationId: 'getGlossaryVocabulary',
    summary: "The glossary terms the room's speech recogniser is given",
    description:
      "When the server recognises speech (`ASR_PROVIDER`), the room's glossary terms are the recogniser's vocabulary " +
      "(Deepgram keyterms, OpenAI prompt keywords), each once, in the glossary's order, up to the provider's limit " +
      '(`limit`; `omitted` were left out, as were terms over 50 characters). `provider` is null, and nothing is sent, when ' +
      `speech is recognised in browsers only or the recognition service does not answer within 2 s. ${who}`,
    tag: 'glossary',
    auth: 'bearerOrHostKey',
    params: roomIdParamsSchema,
    headers: glossaryHeadersSchema,
    responses: { 200: { description: 'The terms sent', body: glossaryVocabularyResponseSchema }, ...apiErrors(SERVICE_ERRORS, access) },
  },
];
