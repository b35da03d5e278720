import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { ZodError } from 'zod';
import type { ApiErrorBody } from '@lt/contracts';
import { DomainException } from '@lt/platform';
import { httpStatusOf } from '../../errors/error-map';

/** Turns every error into `{"error":{"code","message"}}`; unknown ones answer 500 with a correlation id. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Api');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const [status, body] = this.toBody(exception);
    const retryAfter = retryAfterOf(exception);
    if (retryAfter) res.setHeader('Retry-After', retryAfter);
    res.status(status).json(body);
  }

  /** The status and body every error is answered with (also by the paths that answer before Nest). */
  toBody(exception: unknown): [number, ApiErrorBody] {
    if (exception instanceof ZodError) {
      const issues = exception.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      return [HttpStatus.BAD_REQUEST, { error: { code: 'validation_failed', message: issues[0]?.message ?? 'Invalid request', issues } }];
    }
    if (exception instanceof DomainException) {
      return [httpStatusOf(exception.code), { error: { code: exception.code, message: exception.message } }];
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const code = HttpStatus[status]?.toLowerCase() ?? 'http_error';
      return [status, { error: { code, message: exception.message } }];
    }
    if (isClientHttpError(exception)) {
      const code = (exception.type ?? 'bad_request').replace(/[.\s]+/g, '_');
      return [exception.status, { error: { code, message: exception.message } }];
    }
    const correlationId = crypto.randomUUID();
    this.logger.error(`unexpected error ${correlationId}`, exception as Error);
    return [
      HttpStatus.INTERNAL_SERVER_ERROR,
      { error: { code: 'internal', message: 'Something went wrong on our side. Please try again.', correlationId } },
    ];
  }
}

/** The Retry-After an error asks its caller to wait, if any. */
export function retryAfterOf(exception: unknown): string | undefined {
  if (!(exception instanceof DomainException) || exception.retryAfterSeconds === undefined) return undefined;
  return String(Math.max(1, Math.ceil(exception.retryAfterSeconds)));
}

/** Errors of the body parser (http-errors): a 4xx status meant to be shown, e.g. a body over the limit. */
function isClientHttpError(e: unknown): e is { status: number; message: string; type?: string } {
  const candidate = e as { status?: unknown; expose?: unknown } | null;
  return typeof candidate?.status === 'number' && candidate.status >= 400 && candidate.status < 500 && candidate.expose === true;
}
