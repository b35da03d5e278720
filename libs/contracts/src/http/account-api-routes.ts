import { z } from 'zod';
import { ARCHIVE_FILE_NAME } from '../account/account-archive';
import { GatewayErrorCode } from '../errors/gateway.errors';
import { apiErrors, SERVICE_ERRORS, type ApiRoute } from './api-route';

export const ACCOUNT_ROUTES: readonly ApiRoute[] = [
  {
    method: 'get',
    path: '/api/account/archive',
    operationId: 'downloadAccountArchive',
    summary: 'Everything the product holds about the caller, as one ZIP',
    description:
      '`manifest.json` (the sections and their files), `profile.json` (account and plan), `rooms.json` (every room the ' +
      'caller owns, with its settings and evaluation) and, per room, `rooms/{roomId}/transcript.json` (the messages, each ' +
      'with its stored translations), `summaries.json`, `glossary.json` and `questions.json` (the audience’s questions as asked). Nothing is translated for it. The file is ' +
      'streamed as it is made: an error after the first bytes ends the download early, and the ZIP is then incomplete. ' +
      'One at a time per user (429 `archive_in_progress` while one is being written); cut short after ACCOUNT_ARCHIVE_TIMEOUT_MS.',
    tag: 'profile',
    auth: 'bearer',
    responses: {
      200: {
        description: 'The archive, as an attachment',
        contentType: 'application/zip',
        body: z.string().meta({ format: 'binary' }),
        headers: {
          'Content-Disposition': { description: `attachment; filename="${ARCHIVE_FILE_NAME}"`, schema: z.string() },
        },
      },
      ...apiErrors(SERVICE_ERRORS, { 401: [GatewayErrorCode.NotAuthenticated], 429: [GatewayErrorCode.ArchiveInProgress] }),
    },
  },
];
