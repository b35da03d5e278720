// The scripted host: joins with the room's host key, starts the room, speaks final sentences at a fixed rate.
import ws from 'k6/ws';
import { sleep } from 'k6';
import { ackDelay, sentencesAcked, sentencesFailed, sentencesResent, sentencesSent, socketFailures } from './metrics.js';
import { joinFrame, messageIdFor, MAX_UNANSWERED, Outbox, roomStartFrame, transcriptFrame } from './seqs.js';

/**
 * Speaks `timeline.sentences` sentences from `speakAt`, one every 1/RATE s, each stamped with its send time,
 * and keeps every one until acked (sent again after a passing refusal or 12 s without an answer, as the web
 * client does). Sends `room_end` once all are acked; whatever is still unacked at the end counts as failed.
 */
export function runHost(config, data) {
  const tl = data.timeline;
  const outbox = new Outbox();
  let next = 1;
  let ended = false;
  for (let attempt = 0; !ended && Date.now() < tl.endAt; attempt++) {
    if (attempt > 0) sleep(1);
    const res = ws.connect(config.wsUrl, { headers: { Origin: config.origin }, tags: { role: 'host' } }, (socket) => {
      const send = (frame) => socket.send(JSON.stringify(frame));
      let speaking = false;
      let resendDue = false;
      const resend = () => {
        const frames = outbox.resendAll(Date.now());
        frames.forEach(send);
        sentencesResent.add(frames.length);
      };
      const finishIfDone = () => {
        if (ended || next <= tl.sentences || outbox.size > 0) return;
        ended = true;
        send({ type: 'room_end' });
        socket.setTimeout(() => socket.close(), 1000);
      };
      const tick = () => {
        if (next > tl.sentences || outbox.size >= MAX_UNANSWERED) return;
        const now = Date.now();
        const frame = transcriptFrame(messageIdFor(data.runTag, next), next, config.sourceLanguage, now);
        outbox.add(frame, now);
        send(frame);
        sentencesSent.add(1);
        next += 1;
      };

      socket.on('open', () => send(joinFrame({ roomId: data.roomId, role: 'host', hostKey: data.hostKey })));
      socket.on('message', (raw) => {
        const frame = JSON.parse(raw);
        if (frame.type === 'joined') {
          if (attempt === 0) send(roomStartFrame(config.sourceLanguage));
          else resend();
          if (attempt > 0 && !speaking) {
            speaking = true;
            socket.setInterval(tick, 1000 / config.rate);
          }
        } else if (frame.type === 'room_start' && !speaking) {
          speaking = true;
          socket.setTimeout(
            () => {
              tick();
              socket.setInterval(tick, 1000 / config.rate);
            },
            Math.max(0, tl.speakAt - Date.now()),
          );
        } else if (frame.type === 'ack') {
          const ms = outbox.ack(frame.messageId, frame.seq, Date.now());
          if (ms !== null) {
            sentencesAcked.add(1);
            ackDelay.add(ms);
          }
          finishIfDone();
        } else if (frame.type === 'error') {
          const verdict = frame.messageId ? outbox.refuse(frame.messageId, frame.code) : null;
          if (verdict === 'drop') {
            sentencesFailed.add(1);
            console.error(`host: sentence ${frame.messageId} refused for good: ${frame.code} ${frame.message}`);
            finishIfDone();
          } else if (verdict === 'retry' && !resendDue) {
            resendDue = true;
            socket.setTimeout(() => {
              resendDue = false;
              resend();
            }, 1000);
          } else if (verdict === null) {
            console.warn(`host: error ${frame.code}: ${frame.message}`);
          }
        }
      });
      socket.setInterval(() => {
        if (!resendDue && outbox.stale(Date.now(), 12000)) resend();
      }, 3000);
      socket.on('close', (code) => {
        if (!ended) {
          socketFailures.add(1, { role: 'host' });
          console.error(`host: socket closed with ${code} before the last sentence was acked; joining again`);
        }
      });
      socket.setTimeout(() => socket.close(), Math.max(0, tl.endAt - Date.now()));
    });
    if (!res || res.status !== 101) {
      socketFailures.add(1, { role: 'host' });
      console.error(`host: the socket upgrade answered ${res ? res.status : 'nothing'}`);
    }
  }
  sentencesFailed.add(outbox.size + Math.max(0, tl.sentences - (next - 1)));
}
