import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider, type ReadableSpan } from '@opentelemetry/sdk-trace';

/** A finished span as a test reads it: its name, service, ids, parent and attributes. */
export interface CapturedSpan {
  name: string;
  service: string;
  traceId: string;
  spanId: string;
  parentId: string | undefined;
  kind: number;
  attributes: Record<string, unknown>;
  durationMs: number;
}

export function captured(span: ReadableSpan): CapturedSpan {
  const ctx = span.spanContext();
  return {
    name: span.name,
    service: String(span.resource.attributes['service.name'] ?? ''),
    traceId: ctx.traceId,
    spanId: ctx.spanId,
    parentId: span.parentSpanContext?.spanId,
    kind: span.kind,
    attributes: { ...span.attributes },
    durationMs: span.duration[0] * 1000 + span.duration[1] / 1e6,
  };
}

/**
 * Records every span of this process in memory, with the context manager and W3C propagator a real process
 * gets from the SDK: for tests of the product's own spans (the instrumentations of http and pg patch modules
 * as Node loads them, which jest's loader does not do).
 */
export function captureSpans(service = 'test'): { spans(): CapturedSpan[]; reset(): void; shutdown(): Promise<void> } {
  const exporter = new InMemorySpanExporter();
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': service }),
    spanProcessors: [new SimpleSpanProcessor({ exporter })],
  });
  trace.setGlobalTracerProvider(provider);
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  return {
    spans: () => exporter.getFinishedSpans().map(captured),
    reset: () => exporter.reset(),
    shutdown: async () => {
      await provider.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}

/** The spans of one trace as an indented tree, `name (service, duration)`, for a test's message or a report. */
export function traceTree(spans: CapturedSpan[]): string {
  const byParent = new Map<string | undefined, CapturedSpan[]>();
  const ids = new Set(spans.map((s) => s.spanId));
  for (const span of spans) {
    const parent = span.parentId && ids.has(span.parentId) ? span.parentId : undefined;
    byParent.set(parent, [...(byParent.get(parent) ?? []), span]);
  }
  const lines: string[] = [];
  const walk = (parent: string | undefined, depth: number) => {
    for (const span of byParent.get(parent) ?? []) {
      lines.push(`${'  '.repeat(depth)}${span.name} (${span.service}, ${span.durationMs.toFixed(1)} ms)`);
      walk(span.spanId, depth + 1);
    }
  };
  walk(undefined, 0);
  return lines.join('\n');
}
