/** Socket errors of a database that is down, restarting or out of reach. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/** PostgreSQL's admin_shutdown, crash_shutdown and cannot_connect_now; class 08 is every connection exception. */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03']);
/** What the PostgreSQL client and its pool say when a connection breaks, or none can be had in time. */
const CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is not open|the database system is (starting up|shutting down|in recovery mode)|terminating connection due to administrator command/i;

/**
 * Whether `error` says the database cannot be reached right now (as opposed to a query it refused): the
 * request may succeed when tried again, so callers answer `unavailable` rather than `internal`. Looks into
 * the driver error and the cause the ORM wraps it in.
 */
export function isDatabaseUnreachable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const { code, message, driverError, cause } = error as { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown };
  if (typeof code === 'string' && (CONNECTION_CODES.has(code) || SERVER_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  if (typeof message === 'string' && CONNECTION_MESSAGES.test(message)) return true;
  if (error instanceof AggregateError && error.errors.some((e) => isDatabaseUnreachable(e, depth + 1))) return true;
  return isDatabaseUnreachable(driverError, depth + 1) || isDatabaseUnreachable(cause, depth + 1);
}
