import { z } from 'zod';
import { analyticsCsvQuerySchema } from '../analytics/analytics-csv';
import { analyticsReportSchema, CAPTION_DELAY_BUCKETS_MS, liveAnalyticsSchema } from '../analytics/analytics.dto';
import { AccountsErrorCode } from '../errors/accounts.errors';
import { GatewayErrorCode } from '../errors/gateway.errors';
import { RoomsErrorCode } from '../errors/rooms.errors';
import { glossaryHeadersSchema, HOST_KEY_HEADER } from '../glossary/glossary.dto';
import { roomIdParamsSchema } from '../rooms/room-id.dto';
import { apiErrors, SERVICE_ERRORS, type ApiErrorCodes, type ApiRoute } from './api-route';

/** A room's analytics (its owner's dashboard and its host page) and every room's (the admin panel). */

const access: ApiErrorCodes = {
  400: [GatewayErrorCode.ValidationFailed],
  401: [GatewayErrorCode.NotAuthenticated],
  403: [RoomsErrorCode.InvalidHostKey],
  404: [RoomsErrorCode.RoomNotFound],
};
const admin: ApiErrorCodes = { 401: [GatewayErrorCode.NotAuthenticated], 403: [GatewayErrorCode.Forbidden, AccountsErrorCode.Forbidden] };
const who =
  `The room's owner calls with its session; its host page with the room's host key in the \`${HOST_KEY_HEADER}\` header. ` +
  "Without either: 401; a wrong host key: 403 `invalid_host_key`; another user's room or none: 404 alike.";
const figures =
  'Kept per room and minute, never per sentence: viewers per language (the most at once in the minute, from the ' +
  "gateways' presence), sentences stored, caption delay per language (from a sentence stored to its translation " +
  `ready; p50 and p95 as the upper bound of a histogram bucket: ${CAPTION_DELAY_BUCKETS_MS.slice(0, 4).join(', ')}, … ` +
  `${CAPTION_DELAY_BUCKETS_MS.at(-1)} ms), tokens by task (translation, interim, enhancement, summary, speech), captions ` +
  'of the fallback translator and captions sent as the original. Services add their minute about once a minute ' +
  '(`ANALYTICS_FLUSH_MS`), so the current minute shows within a minute.';
const csvFile =
  'UTF-8 CSV with a byte-order mark and CRLF, one table per file: `table=steps` (the default) one row per step with ' +
  'viewers (all and per language), sentences, delay p50/p95 per language, tokens per task, fallback and original; ' +
  '`table=totals` `metric,value` rows (the room, totals, tokens per task, delays). Text that a spreadsheet would run ' +
  "as a formula starts with `'`.";
const csvResponse = (name: string) => ({
  description: 'The report as a CSV attachment',
  contentType: 'text/csv; charset=utf-8',
  body: z.string(),
  headers: { 'Content-Disposition': { description: `attachment; filename="${name}"`, schema: z.string() } },
});

export const ANALYTICS_ROUTES: readonly ApiRoute[] = [
  {
    method: 'get',
    path: '/api/rooms/{roomId}/analytics',
    operationId: 'getRoomAnalytics',
    summary: "A room's analytics, minute by minute",
    description: `${figures} Points run from the room's first minute to its last, empty minutes included. ${who}`,
    tag: 'rooms',
    auth: 'bearerOrHostKey',
    params: roomIdParamsSchema,
    headers: glossaryHeadersSchema,
    responses: { 200: { description: 'The report', body: analyticsReportSchema }, ...apiErrors(SERVICE_ERRORS, access) },
  },
  {
    method: 'get',
    path: '/api/rooms/{roomId}/analytics.csv',
    operationId: 'exportRoomAnalytics',
    summary: "A room's analytics as a CSV file",
    description: `${csvFile} ${who}`,
    tag: 'rooms',
    auth: 'bearerOrHostKey',
    params: roomIdParamsSchema,
    headers: glossaryHeadersSchema,
    query: analyticsCsvQuerySchema,
    responses: { 200: csvResponse('analytics-{room name}[-totals]-{YYYY-MM-DD}.csv'), ...apiErrors(SERVICE_ERRORS, access) },
  },
  {
    method: 'get',
    path: '/api/rooms/{roomId}/analytics/live',
    operationId: 'getLiveRoomAnalytics',
    summary: 'Who watches a room now, and its caption delay now',
    description:
      "Viewers per language now (every gateway's presence), and the caption delay per language of the latest minute " +
      `with captions within the last two. The host page asks every 15 s. ${who}`,
    tag: 'rooms',
    auth: 'bearerOrHostKey',
    params: roomIdParamsSchema,
    headers: glossaryHeadersSchema,
    responses: { 200: { description: 'The live figures', body: liveAnalyticsSchema }, ...apiErrors(SERVICE_ERRORS, access) },
  },
  {
    method: 'get',
    path: '/api/admin/analytics',
    operationId: 'adminAnalytics',
    summary: "Every room's analytics, day by day, over the last 30 days",
    description:
      'The same figures over all rooms, per UTC day: viewers are the most at once in any minute of the day, all rooms ' +
      'together; unique viewers count a browser once per room it watched.',
    tag: 'admin',
    auth: 'bearer',
    responses: { 200: { description: 'The report (room is null)', body: analyticsReportSchema }, ...apiErrors(SERVICE_ERRORS, admin) },
  },
  {
    method: 'get',
    path: '/api/admin/analytics.csv',
    operationId: 'exportAdminAnalytics',
    summary: "Every room's analytics over the last 30 days as a CSV file",
    description: csvFile,
    tag: 'admin',
    auth: 'bearer',
    query: analyticsCsvQuerySchema,
    responses: {
      200: csvResponse('analytics-all-rooms[-totals]-{YYYY-MM-DD}.csv'),
      ...apiErrors(SERVICE_ERRORS, { ...admin, 400: [GatewayErrorCode.ValidationFailed] }),
    },
  },
];
