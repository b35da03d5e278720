/**
 * A start-up failure whose message is one sentence telling the operator what to do; printed as it is,
 * without a stack trace.
 */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}

/**
 * What to print when the process cannot start: one line with the error's own advice (or a generic one), and
 * the stack of an unexpected error after it.
 */
export function startFailureMessage(error: unknown): { line: string; stack?: string } {
  if (error instanceof StartupError) return { line: error.message };
  const { code, port, message } = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown;
    port?: unknown;
    message?: unknown;
  };
  if (code === 'EADDRINUSE') {
    const which = typeof port === 'number' ? `Port ${port}` : 'The HTTP port';
    return { line: `${which} is taken by another program: stop that program or set PORT to a free port.` };
  }
  if (code === 'EACCES' && typeof port === 'number') {
    return { line: `Port ${port} may not be opened by this user: set PORT to a port above 1024.` };
  }
  const reason =
    typeof message === 'string' && message.trim() ? message.trim() : typeof error === 'string' && error.trim() ? error.trim() : '';
  if (!reason) return { line: 'Could not start, and no reason was given: run with LOG_LEVEL=debug to see the log that led to it.' };
  const stack = error instanceof Error ? error.stack : undefined;
  return { line: `Could not start (${reason}): fix that cause, or run with LOG_LEVEL=debug to see more.`, stack };
}
