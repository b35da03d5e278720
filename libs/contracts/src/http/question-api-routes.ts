import { z } from 'zod';
import { GatewayErrorCode } from '../errors/gateway.errors';
import { LiveErrorCode } from '../protocol/error-codes';
import { RoomsErrorCode } from '../errors/rooms.errors';
import { glossaryHeadersSchema, HOST_KEY_HEADER } from '../glossary/glossary.dto';
import {
  askQuestionBodySchema,
  moderateQuestionBodySchema,
  QUESTION_LIMITS,
  questionListResponseSchema,
  questionParamsSchema,
  questionSettingsBodySchema,
  questionsQuerySchema,
  questionViewSchema,
  questionVoteResponseSchema,
} from '../questions/questions.dto';
import { roomIdParamsSchema } from '../rooms/room-id.dto';
import { apiErrors, SERVICE_ERRORS, STATE_CHANGING_ERRORS, type ApiErrorCodes, type ApiRoute } from './api-route';
import { CLIENT_ID_HEADER, clientIdSchema } from './client-id';

/** Questions from the audience: viewers ask and upvote with the viewer link; the host answers and hides. */

const clientHeaders = z.object({ [CLIENT_ID_HEADER]: clientIdSchema });
const viewerErrors: ApiErrorCodes = {
  400: [GatewayErrorCode.ValidationFailed],
  403: [RoomsErrorCode.QuestionsOff],
  404: [RoomsErrorCode.RoomNotFound, RoomsErrorCode.QuestionNotFound],
  429: [GatewayErrorCode.TooManyRequests],
};
const hostErrors: ApiErrorCodes = {
  400: [GatewayErrorCode.ValidationFailed],
  401: [GatewayErrorCode.NotAuthenticated],
  403: [RoomsErrorCode.InvalidHostKey],
  404: [RoomsErrorCode.RoomNotFound, RoomsErrorCode.QuestionNotFound],
};
const limited =
  `Needs \`${CLIENT_ID_HEADER}\`; limited per client id and per client address (429 with Retry-After), see ` +
  'QUESTION_CLIENT_PER_MINUTE and QUESTION_ADDRESS_PER_MINUTE (votes: VOTE_CLIENT_PER_MINUTE, VOTE_ADDRESS_PER_MINUTE).';
const host =
  `The room's owner with its session, or anyone with the room's host key in the \`${HOST_KEY_HEADER}\` header. ` +
  "Without either: 401; a wrong host key: 403 `invalid_host_key`; another user's room: 404.";

export const QUESTION_ROUTES: readonly ApiRoute[] = [
  {
    method: 'get',
    path: '/api/view/{roomId}/questions',
    operationId: 'listQuestions',
    summary: "A room's questions, in a language",
    description:
      'Open and answered questions, oldest first, each in `lang` (translated once per question and language, and ' +
      'stored; the original where none could be made) with its original. Hidden ones are gone. With ' +
      `\`${CLIENT_ID_HEADER}\`, \`voted\` tells which ones the caller upvoted. Also while questions are off (\`enabled\` false).`,
    tag: 'questions',
    auth: 'none',
    params: roomIdParamsSchema,
    query: questionsQuerySchema,
    headers: z.object({ [CLIENT_ID_HEADER]: clientIdSchema.optional() }),
    responses: {
      200: { description: 'The questions', body: questionListResponseSchema },
      ...apiErrors(SERVICE_ERRORS, { 400: viewerErrors[400], 404: [RoomsErrorCode.RoomNotFound], 429: viewerErrors[429] }),
    },
  },
  {
    method: 'post',
    path: '/api/view/{roomId}/questions',
    operationId: 'askQuestion',
    summary: 'Ask a question (a viewer)',
    description:
      `Up to ${QUESTION_LIMITS.textMax} characters, in the language the viewer reads (\`lang\`); plain text, shown as ` +
      `text everywhere. Refused with 403 \`questions_off\` unless the host turned questions on; 409 \`questions_full\` ` +
      `past ${QUESTION_LIMITS.perRoom} questions (or ${QUESTION_LIMITS.roomTextBytes} bytes of their text) in the room, hidden ones not counted; ` +
      `409 \`room_ended\` once the room has ended; 409 \`not_joined\` unless \`X-Client-Id\` is the \`viewerId\` of a viewer socket joined to the room. Everyone in the room receives it as a \`question\` frame. ${limited}`,
    tag: 'questions',
    auth: 'none',
    params: roomIdParamsSchema,
    headers: clientHeaders,
    body: askQuestionBodySchema,
    responses: {
      201: { description: 'The question, as its asker reads it', body: questionViewSchema },
      ...apiErrors(STATE_CHANGING_ERRORS, SERVICE_ERRORS, viewerErrors, {
        409: [RoomsErrorCode.QuestionsFull, LiveErrorCode.NotJoined, RoomsErrorCode.RoomEnded],
      }),
    },
  },
  {
    method: 'post',
    path: '/api/view/{roomId}/questions/{questionId}/vote',
    operationId: 'upvoteQuestion',
    summary: 'Upvote a question (a viewer)',
    description: `Once per viewer: voting again changes nothing; never one's own question (403 \`own_question\`); not once the room has ended (409 \`room_ended\`); from a viewer joined to the room (409 \`not_joined\`). Everyone receives the new count as a \`question_update\` frame. ${limited}`,
    tag: 'questions',
    auth: 'none',
    params: questionParamsSchema,
    headers: clientHeaders,
    bodyRequired: false,
    responses: {
      200: { description: 'The votes now', body: questionVoteResponseSchema },
      ...apiErrors(STATE_CHANGING_ERRORS, SERVICE_ERRORS, viewerErrors, {
        403: [RoomsErrorCode.OwnQuestion],
        409: [LiveErrorCode.NotJoined, RoomsErrorCode.RoomEnded],
      }),
    },
  },
  {
    method: 'patch',
    path: '/api/rooms/{roomId}/questions/{questionId}',
    operationId: 'moderateQuestion',
    summary: 'Mark a question answered, hide it, or open it again (the host)',
    description: `A hidden question is gone for everyone at once (a \`question_update\` frame with status \`hidden\`). ${host}`,
    tag: 'questions',
    auth: 'bearerOrHostKey',
    params: questionParamsSchema,
    headers: glossaryHeadersSchema,
    body: moderateQuestionBodySchema,
    responses: {
      200: { description: 'The question as stored', body: z.object({ id: z.uuid(), status: moderateQuestionBodySchema.shape.status }) },
      ...apiErrors(STATE_CHANGING_ERRORS, SERVICE_ERRORS, hostErrors),
    },
  },
  {
    method: 'put',
    path: '/api/rooms/{roomId}/question-settings',
    operationId: 'setQuestionSettings',
    summary: 'Turn questions from the audience on or off (the host)',
    description: `Off by default. Everyone in the room receives a \`questions_enabled\` frame. ${host}`,
    tag: 'questions',
    auth: 'bearerOrHostKey',
    params: roomIdParamsSchema,
    headers: glossaryHeadersSchema,
    body: questionSettingsBodySchema,
    responses: {
      200: { description: 'The setting as stored', body: questionSettingsBodySchema },
      ...apiErrors(STATE_CHANGING_ERRORS, SERVICE_ERRORS, hostErrors),
    },
  },
];
