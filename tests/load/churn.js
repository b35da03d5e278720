// The soak's audience, of which CHURN_PERCENT leave every minute and come back 1–3 s later with `since`.
// k6 run -e BASE_URL=https://rooms.example.com -e VIEWERS=2000 -e CHURN_PERCENT=15 -e MINUTES=10 tests/load/churn.js
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
    missed_after_resume: ['count==0'],
  },
  summaryTrendStats: ['med', 'p(95)', 'p(99)', 'max', 'count'],
};

export function setup() {
  const room = createRoom(config, 'Load test: churn');
  return { ...room, runTag: runTagOf(Math.random), timeline: timeline(config, Date.now() + 3000) };
}

export default function (data) {
  if (exec.scenario.name === 'host') runHost(config, data);
  else runViewer(config, data, exec.scenario.iterationInTest, { churn: true });
}
