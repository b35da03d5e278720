// A viewer asking for the summary of what was said so far.
import http from 'k6/http';
import { summaryFailed, summaryLatency, summaryRequests } from './metrics.js';
import { isSummaryBody } from './seqs.js';

/**
 * `POST /api/rooms/:id/summary` with `{lang}`, as the browser `clientId` (X-Client-Id): anything but a 2xx
 * `{summary, upToSeq}` counts as failed.
 */
export function askSummary(config, roomId, lang, clientId) {
  const started = Date.now();
  const res = http.post(`${config.baseUrl}/api/rooms/${roomId}/summary`, JSON.stringify({ lang }), {
    headers: { 'content-type': 'application/json', origin: config.origin, 'x-client-id': clientId },
    tags: { name: 'POST /api/rooms/:id/summary' },
    timeout: '120s',
  });
  const status = String(res.status);
  summaryLatency.add(Date.now() - started, { status });
  summaryRequests.add(1, { status });
  let body = null;
  try {
    body = res.json();
  } catch (_) {
    body = null;
  }
  const ok = res.status >= 200 && res.status < 300 && isSummaryBody(body);
  summaryFailed.add(ok ? 0 : 1, { status });
  if (!ok && res.status !== 0) console.warn(`summary: ${status} ${String(res.body).slice(0, 200)}`);
  if (res.status === 0) console.warn(`summary: no answer (${res.error})`);
}
