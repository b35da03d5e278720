// One room, VIEWERS viewers over LANGS, the host speaking RATE sentences a second for MINUTES.
// k6 run -e BASE_URL=https://rooms.example.com -e VIEWERS=2000 -e LANGS=fr,de,it -e MINUTES=10 tests/load/audience-soak.js
import exec from 'k6/execution';
import { runHost } from './lib/host.js';
import { createRoom } from './lib/room.js';
import { loadConfig, maxDurationSeconds, runTagOf, timeline } from './lib/seqs.js';
import { runViewer } from './lib/viewer.js';

const config = loadConfig(__ENV);
const maxDuration = `${maxDurationSeconds(config)}s`;

export const options = {
  scenarios: {
    host: { executor: 'per-vu-iterations', vus: 1, iterations: 1, maxDuration },
    viewers: { executor: 'per-vu-iterations', vus: config.viewers, iterations: 1, maxDuration },
  },
  thresholds: {
    caption_delay_ms: ['p(95)<500', 'p(99)<1000'],
    missed_messages: ['count==0'],
  },
  summaryTrendStats: ['med', 'p(95)', 'p(99)', 'max', 'count'],
};

export function setup() {
  const room = createRoom(config, 'Load test: audience soak');
  // Every VU is initialised by now; a few seconds let the first viewers' sockets open before anyone counts.
  return { ...room, runTag: runTagOf(Math.random), timeline: timeline(config, Date.now() + 3000) };
}

export default function (data) {
  if (exec.scenario.name === 'host') runHost(config, data);
  else runViewer(config, data, exec.scenario.iterationInTest, { churn: false });
}
