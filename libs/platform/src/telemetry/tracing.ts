import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
  type TextMapGetter,
} from '@opentelemetry/api';

export { SpanKind, type Context, type Span } from '@opentelemetry/api';

/** One tracer for the product's own spans; the instrumentations (http, express, pg, Nest) bring theirs. */
export const tracer = () => trace.getTracer('translation-rooms');

/** Headers of a message on the bus: NATS headers (`get`) or a plain record (the in-process transport). */
export type TraceCarrier = { get(key: string): string | undefined | null } | Record<string, string> | undefined | null;

const getter: TextMapGetter<TraceCarrier> = {
  keys: (carrier) => {
    if (!carrier) return [];
    if (typeof carrier.get === 'function' && 'keys' in carrier && typeof carrier.keys === 'function') {
      return [...(carrier.keys as () => Iterable<string>)()];
    }
    return Object.keys(carrier);
  },
  get: (carrier, key) => {
    if (!carrier) return undefined;
    const value =
      typeof carrier.get === 'function' ? (carrier.get as (k: string) => unknown)(key) : (carrier as Record<string, string>)[key];
    return typeof value === 'string' && value ? value : undefined;
  },
};

/** The trace context of the current operation as headers (`traceparent`, `tracestate`); empty outside a trace. */
export function traceHeaders(from: Context = context.active()): Record<string, string> {
  const headers: Record<string, string> = {};
  propagation.inject(from, headers);
  return headers;
}

/** The context a message's headers carry; the root context when they carry none. */
export function contextFrom(carrier: TraceCarrier): Context {
  return propagation.extract(ROOT_CONTEXT, carrier, getter);
}

/** A `traceparent` (and `tracestate`) a client sent, as a context to continue; a new trace when absent. */
export function clientTraceContext(traceparent?: string, tracestate?: string): Context {
  if (!traceparent) return ROOT_CONTEXT;
  return contextFrom(tracestate ? { traceparent, tracestate } : { traceparent });
}

/** The trace id of the current operation, for a log line; undefined outside a trace. */
export function activeTraceIds(): { trace_id: string; span_id: string } | undefined {
  const span = trace.getActiveSpan();
  const ctx = span?.spanContext();
  if (!ctx || !trace.isSpanContextValid(ctx)) return undefined;
  return { trace_id: ctx.traceId, span_id: ctx.spanId };
}

export interface SpanOptions {
  kind?: SpanKind;
  attributes?: Attributes;
  /** The parent; the current context when absent. */
  parent?: Context;
}

/**
 * Runs `fn` inside a new active span, ending it when `fn` settles; an error marks the span and is rethrown.
 */
export function inSpan<T>(name: string, options: SpanOptions, fn: (span: Span) => T): T {
  const parent = options.parent ?? context.active();
  return tracer().startActiveSpan(name, { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes }, parent, (span) => {
    const fail = (error: unknown) => {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
    };
    try {
      const result = fn(span);
      if (result instanceof Promise) {
        return result.then(
          (value) => (span.end(), value),
          (error: unknown) => {
            fail(error);
            span.end();
            throw error;
          },
        ) as T;
      }
      span.end();
      return result;
    } catch (error) {
      fail(error);
      span.end();
      throw error;
    }
  });
}

/** Whether `ctx` belongs to a trace (a message that carried none is not worth a span of its own). */
export function isTraced(ctx: Context): boolean {
  const span = trace.getSpanContext(ctx);
  return Boolean(span && trace.isSpanContextValid(span));
}

/** Runs `fn` with `ctx` as the current context (e.g. the one a bus message carried). */
export function withContext<T>(ctx: Context, fn: () => T): T {
  return context.with(ctx, fn);
}

/** Runs `fn` outside any trace: work for many operations at once (a batch) belongs to none of them. */
export function detached<T>(fn: () => T): T {
  return context.with(ROOT_CONTEXT, fn);
}

/** The current context, to resume later (e.g. when a message waits in a queue before it is sent on). */
export function currentContext(): Context {
  return context.active();
}
