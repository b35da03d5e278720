import { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import { context, SpanStatusCode, trace } from '@opentelemetry/api';
import { Observable } from 'rxjs';
import { DomainException } from '../errors/domain.exception';
import { contextFrom, SpanKind, tracer, type TraceCarrier } from '../telemetry/tracing';
import { messagingAttributes } from './bus-client';

interface RpcContext {
  getSubject?(): string;
  getHeaders?(): TraceCarrier;
}

/**
 * A span for each bus message a handler processes, child of the trace context the message carries in its
 * headers (NATS headers, or the in-process transport's), so one sentence stays one trace across processes.
 * The handler runs inside the span: its database queries and the messages it sends are its children.
 */
export class BusTracingInterceptor implements NestInterceptor {
  constructor(
    private readonly pattern: string,
    private readonly kind: 'request' | 'event',
  ) {}

  intercept(execution: ExecutionContext, next: CallHandler): Observable<unknown> {
    const rpc = execution.switchToRpc().getContext<RpcContext>();
    const parent = contextFrom(rpc?.getHeaders?.());
    return new Observable((subscriber) => {
      const span = tracer().startSpan(
        `process ${this.pattern}`,
        {
          kind: this.kind === 'request' ? SpanKind.SERVER : SpanKind.CONSUMER,
          attributes: { ...messagingAttributes(rpc?.getSubject?.() ?? this.pattern), 'messaging.operation.type': 'process' },
        },
        parent,
      );
      const subscription = context.with(trace.setSpan(parent, span), () =>
        next.handle().subscribe({
          next: (value) => subscriber.next(value),
          error: (error: unknown) => {
            if (error instanceof DomainException) span.setAttribute('lt.error_code', error.code);
            else {
              span.recordException(error instanceof Error ? error : String(error));
              span.setStatus({ code: SpanStatusCode.ERROR });
            }
            span.end();
            subscriber.error(error);
          },
          complete: () => {
            span.end();
            subscriber.complete();
          },
        }),
      );
      return () => subscription.unsubscribe();
    });
  }
}
