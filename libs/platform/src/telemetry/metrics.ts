import { metrics as otel, type Counter, type Histogram, type UpDownCounter } from '@opentelemetry/api';

/** The tasks a language model does for the product; every LLM metric is labelled with one. */
export type LlmTask = 'translation' | 'summary' | 'enhancement' | 'interim';

/** Buckets of the latency histograms, in milliseconds: a live caption is late after about a second. */
const LATENCY_BUCKETS_MS = [1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000, 30000];

/**
 * The product's metrics, served for Prometheus on METRICS_PORT under the `lt_` prefix the exporter adds
 * (`ws_connections` is `lt_ws_connections`; counters end in `_total`). Made on first use, after
 * `startTelemetry` has set the meter provider; without one (unit tests) they record nothing.
 */
export interface ProductMetrics {
  /** Open sockets by role (`pending` until the socket has joined). */
  sockets: UpDownCounter;
  framesIn: Counter;
  framesOut: Counter;
  /** A room event arriving from the bus → the last of the gateway's sockets written, per event kind. */
  fanOutDelay: Histogram;
  /** A transcript stored → its translation ready to publish, per language. */
  translationLatency: Histogram;
  llmCalls: Counter;
  llmTokens: Counter;
  cacheHits: Counter;
  cacheMisses: Counter;
  /** Work refused because the owner's token quota or the room's budget is spent. */
  quotaPauses: Counter;
  /** Interim lines not translated because the service's database queries were waiting for a connection. */
  interimShed: Counter;
}

let made: ProductMetrics | null = null;

export function productMetrics(): ProductMetrics {
  if (made) return made;
  const meter = otel.getMeter('translation-rooms');
  const latency = (name: string, description: string) =>
    meter.createHistogram(name, { description, unit: 'ms', advice: { explicitBucketBoundaries: LATENCY_BUCKETS_MS } });
  made = {
    sockets: meter.createUpDownCounter('ws_connections', { description: 'Open WebSocket connections by role' }),
    framesIn: meter.createCounter('ws_frames_in', { description: 'Frames received from clients, by type' }),
    framesOut: meter.createCounter('ws_frames_out', { description: 'Frames written to clients, by type' }),
    fanOutDelay: latency('fanout_delay_ms', 'From a room event reaching the gateway to the last socket written'),
    translationLatency: latency('translation_latency_ms', 'From a transcript stored to its translation ready, per language'),
    llmCalls: meter.createCounter('llm_calls', { description: 'Language-model calls by task and outcome' }),
    llmTokens: meter.createCounter('llm_tokens', { description: 'Language-model tokens by task and kind (input, output)' }),
    cacheHits: meter.createCounter('cache_hits', { description: 'Results served from what was already made, by cache' }),
    cacheMisses: meter.createCounter('cache_misses', { description: 'Results that had to be made, by cache' }),
    quotaPauses: meter.createCounter('quota_pauses', { description: 'Work paused because a token quota or room budget is spent' }),
    interimShed: meter.createCounter('interim_shed', {
      description: 'Interim translations skipped while the database was the bottleneck (per language)',
    }),
  };
  return made;
}
