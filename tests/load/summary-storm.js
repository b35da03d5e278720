// The soak's audience, plus STORM_CLIENTS viewers who all ask for the summary at the same moment, STORMS
// times during the hold, each with an X-Client-Id of its own as every browser has. They ask from VUs of their own: a VU waiting for an HTTP answer reads no frames,
// and would make the caption delay look worse than the product is.
// k6 run -e BASE_URL=https://rooms.example.com -e VIEWERS=2000 -e STORM_CLIENTS=2000 -e STORMS=3 tests/load/summary-storm.js
import { sleep } from 'k6';
import exec from 'k6/execution';
import { runHost } from './lib/host.js';
import { createRoom } from './lib/room.js';
import { clientIdFor, loadConfig, maxDurationSeconds, runTagOf, timeline, viewerLang } from './lib/seqs.js';
import { askSummary } from './lib/summary.js';
import { runViewer } from './lib/viewer.js';

const config = loadConfig(__ENV);
const maxDuration = `${maxDurationSeconds(config)}s`;

export const options = {
  scenarios: {
    host: { executor: 'per-vu-iterations', vus: 1, iterations: 1, maxDuration },
    viewers: { executor: 'per-vu-iterations', vus: config.viewers, iterations: 1, maxDuration },
    askers: { executor: 'per-vu-iterations', vus: config.stormClients, iterations: 1, maxDuration },
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

function ask(data, i) {
  for (const at of data.timeline.storms) {
    sleep(Math.max(0, at - Date.now()) / 1000);
    askSummary(config, data.roomId, viewerLang(i, config.langs), clientIdFor(data.runTag, i));
  }
}

export default function (data) {
  if (exec.scenario.name === 'host') runHost(config, data);
  else if (exec.scenario.name === 'askers') ask(data, exec.scenario.iterationInTest);
  else runViewer(config, data, exec.scenario.iterationInTest, { churn: false });
}
