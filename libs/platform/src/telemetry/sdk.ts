import { ExpressInstrumentation, ExpressLayerType } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { NestInstrumentation } from '@opentelemetry/instrumentation-nestjs-core';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { PrometheusExporter } from '@opentelemetry/exporter-prometheus';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { NoopSpanProcessor } from '@opentelemetry/sdk-trace';

/** Paths probed every few seconds: a span each would bury the traces people look for. */
const QUIET_PATHS = new Set(['/healthz', '/readyz', '/metrics', '/favicon.ico']);

export const DEFAULT_METRICS_PORT = 9464;

export interface TelemetryHandle {
  sdk: NodeSDK | null;
  metricsPort: number | null;
  shutdown(): Promise<void>;
}

/** METRICS_PORT as a number (default 9464); 0 turns the endpoint off. A bad value stops the process. */
export function metricsPortFrom(env: NodeJS.ProcessEnv): number {
  const raw = env.METRICS_PORT?.trim();
  if (raw === undefined || raw === '') return DEFAULT_METRICS_PORT;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`Invalid configuration:\n  METRICS_PORT: expected a port number (0 turns metrics off), got "${raw}"`);
    process.exit(1);
  }
  return port;
}

/**
 * The Prometheus endpoint (`/metrics` on its own port): every metric under `lt_`, the product's own and those
 * of the instrumentations (`lt_http_server_request_duration`, `lt_db_client_operation_duration`).
 */
export function prometheusExporter(port: number, options: { preventServerStart?: boolean } = {}): PrometheusExporter {
  return new PrometheusExporter({ port, endpoint: '/metrics', prefix: 'lt', withoutScopeInfo: true, ...options });
}

function exportsTraces(env: NodeJS.ProcessEnv): boolean {
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim());
}

/**
 * Starts OpenTelemetry for this process: must run before Nest, express, http or pg are loaded, so the apps
 * require their `instrument.ts` first. Configured by the standard OTEL_* variables only. Without an OTLP
 * endpoint spans are still made (log lines carry their trace id, and a client's `traceparent` is continued)
 * but nothing is exported, and nothing is said about it. Metrics are served for Prometheus on METRICS_PORT.
 */
export function startTelemetry(defaultServiceName: string, env: NodeJS.ProcessEnv = process.env): TelemetryHandle {
  const metricsPort = metricsPortFrom(env);
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME?.trim() || defaultServiceName,
    // With an endpoint, the exporter (and its protocol) comes from the OTEL_* variables.
    ...(exportsTraces(env) ? {} : { spanProcessors: [new NoopSpanProcessor()] }),
    metricReaders: metricsPort ? [prometheusExporter(metricsPort)] : [],
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => QUIET_PATHS.has((req.url ?? '').split('?')[0]),
        // Outgoing calls of their own (the provider SDKs, NATS monitoring) are only worth a span inside a trace.
        requireParentforOutgoingSpans: true,
      }),
      // A span per middleware (security headers, body parser, request log...) on every call costs more than it
      // tells, most in a storm of summary requests; the route's handler keeps its span.
      new ExpressInstrumentation({ ignoreLayersType: [ExpressLayerType.MIDDLEWARE] }),
      // A readiness ping is no one's request: only queries made for a traced operation get a span.
      new PgInstrumentation({ requireParentSpan: true }),
      new NestInstrumentation(),
    ],
  });
  sdk.start();
  const disabled = env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true';
  return (current = {
    sdk: disabled ? null : sdk,
    metricsPort: disabled || !metricsPort ? null : metricsPort,
    shutdown: () => (disabled ? Promise.resolve() : sdk.shutdown()),
  });
}

let current: TelemetryHandle | null = null;

/** Flushes what the SDK of this process still holds (spans not yet exported) and stops the metrics endpoint. */
export function shutdownTelemetry(): Promise<void> {
  const handle = current;
  current = null;
  return handle ? handle.shutdown() : Promise.resolve();
}
