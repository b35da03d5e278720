import { ArgumentsHost, Catch, Logger, RpcExceptionFilter } from '@nestjs/common';
import { EMPTY, Observable, throwError } from 'rxjs';
import { BusErrorCode } from '@lt/contracts';
import { isDatabaseUnreachable } from '../database/connection-errors';
import { DomainException } from '../errors/domain.exception';

const logger = new Logger('Bus');

/**
 * A domain error crosses the bus as its code and message; a database that cannot be reached as `unavailable`
 * (the caller may try again); anything else as `internal`, logged with a correlation id.
 */
@Catch()
export class BusRequestExceptionFilter implements RpcExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): Observable<never> {
    if (exception instanceof DomainException) {
      const { code, message, retryAfterSeconds } = exception;
      return throwError(() => (retryAfterSeconds === undefined ? { code, message } : { code, message, retryAfterSeconds }));
    }
    if (isDatabaseUnreachable(exception)) {
      logger.warn(`request ${subjectOf(host)} failed: the database cannot be reached (${(exception as Error).message})`);
      return throwError(() => ({ code: BusErrorCode.Unavailable, message: 'The database cannot be reached: try again shortly' }));
    }
    const correlationId = crypto.randomUUID();
    logger.error(`request ${subjectOf(host)} failed (correlation id ${correlationId})`, exception as Error);
    return throwError(() => ({ code: BusErrorCode.Internal, message: 'Internal error', correlationId }));
  }
}

/** An event has nobody to answer: its failure is logged, and the process goes on. */
@Catch()
export class BusEventExceptionFilter implements RpcExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): Observable<never> {
    if (exception instanceof DomainException) logger.warn(`event ${subjectOf(host)} refused: ${exception.message}`);
    else logger.error(`event ${subjectOf(host)} failed`, exception as Error);
    return EMPTY;
  }
}

function subjectOf(host: ArgumentsHost): string {
  const ctx = host.switchToRpc().getContext<unknown>();
  const subject = (ctx as { getSubject?: () => string } | undefined)?.getSubject?.();
  return subject ?? 'unknown subject';
}
