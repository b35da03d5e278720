// The soak's audience, of whom STORM_CLIENTS viewers all ask for the summary at the same moment, STORMS times
// during the hold, on the socket they read the captions on (`summary_request`), as the web viewer does.
// k6 run -e BASE_URL=https://rooms.example.com -e VIEWERS=2000 -e STORM_CLIENTS=2000 -e STORMS=3 tests/load/summary-storm.js
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
    summary_failed: ['count==0'],
  },
  summaryTrendStats: ['med', 'p(95)', 'p(99)', 'max', 'count'],
};

export function setup() {
  const room = createRoom(config, 'Load test: summary storm');
  return { ...room, runTag: runTagOf(Math.random), timeline: timeline(config, Date.now() + 3000) };
}

export default function (data) {
  if (exec.scenario.name === 'host') return runHost(config, data);
  const i = exec.scenario.iterationInTest;
  runViewer(config, data, i, { churn: false, storms: i < config.stormClients ? data.timeline.storms : [] });
}
