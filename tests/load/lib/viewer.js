// A viewer: joins in its language, checks the seqs it gets, and resumes with `since` when it reconnects.
import ws from 'k6/ws';
import { sleep } from 'k6';
import {
  captionDelay,
  captionFrames,
  catchUpFrames,
  missedAfterResume,
  missedMessages,
  outOfOrderFrames,
  reconnects,
  socketFailures,
} from './metrics.js';
import { captionDelayMs, churns, clientIdFor, joinAt, joinFrame, SeqTracker, viewerLang } from './seqs.js';
import { summaryAsker } from './summary.js';

const sleepUntil = (at) => sleep(Math.max(0, at - Date.now()) / 1000);

/**
 * Viewer number `i`: opens its socket at its point of the ramp and listens until the end of the drain. With
 * `churn`, it leaves at the minutes `churns` picks for it and comes back 1–3 s later with `since`. A socket
 * the server closes is opened again with `since` too. At the end, every seq of the host's sentences it never
 * got is a missed message. With `storms`, it asks for the summary on its socket at each of those times.
 */
export function runViewer(config, data, i, { churn, storms = [] }) {
  const tl = data.timeline;
  const lang = viewerLang(i, config.langs);
  const leaves = churn ? tl.churnAt.filter((_, m) => churns(i, m, config.churnPercent)).map((at) => at + (i % 100) * 100) : [];
  let tracker = null;
  /** The seqs each resume had to bring: (since, room's seq at the re-join]. */
  const windows = [];
  sleepUntil(joinAt(tl, config, i));

  while (Date.now() < tl.endAt) {
    const since = tracker ? tracker.since() : undefined;
    const leaveAt = leaves.find((at) => at > Date.now()) || tl.endAt;
    let leaving = false;
    const res = ws.connect(config.wsUrl, { headers: { Origin: config.origin }, tags: { role: 'viewer' } }, (socket) => {
      let joinedSeq = null;
      let lastOnSocket = 0;
      const summaries = summaryAsker(socket, lang);
      socket.on('open', () => {
        const viewerId = clientIdFor(data.runTag, i);
        socket.send(JSON.stringify(joinFrame({ roomId: data.roomId, role: 'viewer', lang, since, viewerId })));
        for (const at of storms.filter((t) => t > Date.now() && t < leaveAt)) socket.setTimeout(() => summaries.ask(), at - Date.now());
      });
      socket.on('message', (raw) => {
        const now = Date.now();
        const frame = JSON.parse(raw);
        if (summaries.answer(frame)) return;
        if (frame.type === 'joined') {
          joinedSeq = frame.seq;
          if (!tracker) tracker = new SeqTracker(frame.seq);
          else windows.push([since, frame.seq]);
        } else if (frame.type === 'translation' && tracker) {
          captionFrames.add(1);
          if (frame.seq <= lastOnSocket) outOfOrderFrames.add(1);
          lastOnSocket = Math.max(lastOnSocket, frame.seq);
          tracker.record(frame.seq);
          const delay = captionDelayMs(frame, now);
          if (joinedSeq !== null && frame.seq > joinedSeq && delay !== null) captionDelay.add(delay, { lang });
          else catchUpFrames.add(1);
        }
      });
      socket.on('close', (code) => {
        summaries.close();
        if (!leaving) {
          socketFailures.add(1, { role: 'viewer', code: String(code) });
        }
      });
      socket.setTimeout(
        () => {
          leaving = true;
          socket.close();
        },
        Math.max(0, leaveAt - Date.now()),
      );
    });
    if (!res || res.status !== 101) {
      socketFailures.add(1, { role: 'viewer', code: res ? String(res.status) : 'none' });
      sleep(1);
    } else if (leaving && leaveAt < tl.endAt) {
      reconnects.add(1);
      sleep(1 + (i % 3));
    } else if (!leaving) {
      sleep(1);
    }
  }

  if (!tracker) {
    missedMessages.add(tl.sentences);
    return;
  }
  // A fresh room: the host's sentences are seqs 1..N, so any of them not received was missed.
  missedMessages.add(tracker.missingIn(tracker.base, tl.sentences));
  missedAfterResume.add(windows.reduce((sum, [from, to]) => sum + tracker.missingIn(from, Math.min(to, tl.sentences)), 0));
}
