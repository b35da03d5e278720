// A viewer asking for the summary of what was said so far, on its socket, as the web viewer does.
import { summaryFailed, summaryLatency, summaryRequests } from './metrics.js';

/**
 * The summary requests of one viewer socket: `ask` sends a `summary_request` in its language; `answer` takes a
 * frame (true when it was a summary answer); `close` counts what is still waiting as failed. The gateway answers
 * every asker of the same summary with one `summary` frame (no request id); a `summary_error` names its request.
 */
export function summaryAsker(socket, lang) {
  const waiting = new Map();
  let next = 0;
  const done = (requestId, outcome) => {
    const started = waiting.get(requestId);
    if (started === undefined) return;
    waiting.delete(requestId);
    summaryLatency.add(Date.now() - started, { status: outcome });
    summaryRequests.add(1, { status: outcome });
    summaryFailed.add(outcome === 'summary' ? 0 : 1, { status: outcome });
    if (outcome !== 'summary') console.warn(`summary: ${outcome}`);
  };
  return {
    ask() {
      const requestId = `k6-${++next}`;
      waiting.set(requestId, Date.now());
      socket.send(JSON.stringify({ type: 'summary_request', requestId, lang }));
    },
    answer(frame) {
      if (frame.type === 'summary') {
        const ok = typeof frame.summary === 'string' && Number.isInteger(frame.upToSeq) && frame.lang === lang;
        for (const requestId of [...waiting.keys()]) done(requestId, ok ? 'summary' : 'bad_summary');
        return true;
      }
      if (frame.type === 'summary_error') {
        done(frame.requestId, frame.code);
        return true;
      }
      return false;
    },
    close() {
      for (const requestId of [...waiting.keys()]) done(requestId, 'closed');
    },
  };
}
