import type { WebSocket } from 'ws';
import { SpeechDetector, type HeardUtterance } from './speech-detector';
import type { FakeAsrFault, FakeAsrHost, FakeAsrSession } from './fake-asr.types';

/**
 * Deepgram live (`/v1/listen`) as the fake plays it: binary linear16, `KeepAlive` / `CloseStream` text frames;
 * `SpeechStarted`, interim `Results` every ~300 ms of speech, then a final `Results` (is_final, speech_final)
 * once 300 ms of silence ended the utterance, and `UtteranceEnd`; `Metadata` then close 1000 after CloseStream.
 * Without audio or KeepAlive for idleMs it closes with 1011 (NET-0001), as Deepgram does after ~10 s.
 */
export function playDeepgram(ws: WebSocket, session: FakeAsrSession, host: FakeAsrHost): void {
  const requestId = crypto.randomUUID();
  let idle = setTimeout(() => fail(1011, 'NET-0001'), host.idleMs);
  const send = (message: object) => ws.readyState === ws.OPEN && ws.send(JSON.stringify(message));
  const fail = (code: number, reason: string) => {
    if (ws.readyState !== ws.OPEN) return;
    session.closed = { code, reason, by: 'server' };
    ws.close(code, reason);
  };
  const play = (fault: FakeAsrFault) => {
    if (fault.kind === 'error') {
      send({ type: 'Error', err_code: 'INTERNAL_SERVER_ERROR', err_msg: 'Internal server error', description: 'Internal server error' });
      fail(1011, 'INTERNAL_SERVER_ERROR');
    } else if (fault.kind === 'close1011') fail(1011, 'NET-0000');
    else fail(1011, 'Maximum session duration reached');
  };
  const result = (u: { startMs: number; endMs: number }, transcript: string, isFinal: boolean) => {
    const list = transcript.split(/\s+/).filter(Boolean);
    const span = Math.max(1, u.endMs - u.startMs) / Math.max(1, list.length);
    send({
      type: 'Results',
      channel_index: [0, 1],
      duration: (u.endMs - u.startMs) / 1000,
      start: u.startMs / 1000,
      is_final: isFinal,
      speech_final: isFinal,
      channel: {
        alternatives: [
          {
            transcript,
            confidence: 0.98,
            words: list.map((w, i) => ({
              word: w.toLowerCase().replace(/[^\p{L}\p{N}']/gu, ''),
              start: (u.startMs + i * span) / 1000,
              end: (u.startMs + (i + 1) * span) / 1000,
              confidence: 0.98,
              punctuated_word: w,
            })),
          },
        ],
      },
      metadata: { request_id: requestId, model_info: { name: 'fake', version: '1', arch: 'fake' } },
      from_finalize: false,
    });
  };
  let speechStart = 0;
  const detector = new SpeechDetector(session.sampleRate, {
    started: (atMs) => {
      speechStart = atMs;
      send({ type: 'SpeechStarted', channel: [0], timestamp: atMs / 1000 });
      const now = host.takeFault('now');
      if (now) play(now);
    },
    progress: (speechMs) => {
      const fault = host.takeFault('mid-speech');
      if (fault) return play(fault);
      const heard = detector.current();
      if (heard) result({ startMs: speechStart, endMs: speechStart + speechMs }, interimOf(host.preview(heard), speechMs), false);
    },
    stopped: (u: HeardUtterance) => {
      const { text } = host.answer(u, session);
      session.finals.push(text);
      result(u, text, true);
      send({ type: 'UtteranceEnd', channel: [0, 1], last_word_end: u.endMs / 1000 });
    },
  });
  session.detector = detector;
  session.play = play;
  ws.on('message', (data, isBinary) => {
    clearTimeout(idle);
    idle = setTimeout(() => fail(1011, 'NET-0001'), host.idleMs);
    if (isBinary) return detector.push(data as Buffer);
    let message: { type?: string };
    try {
      message = JSON.parse(String(data));
    } catch {
      return fail(1008, 'DATA-0000');
    }
    if (message.type === 'CloseStream' || message.type === 'Finalize') {
      session.finished = message.type === 'CloseStream';
      if (detector.speaking) detector.push(Buffer.alloc((session.sampleRate * 2 * 400) / 1000));
      if (message.type === 'CloseStream') {
        send({
          type: 'Metadata',
          transaction_key: 'deprecated',
          request_id: requestId,
          sha256: '',
          created: new Date().toISOString(),
          duration: detector.receivedMs / 1000,
          channels: 1,
        });
        session.closed = { code: 1000, reason: '', by: 'server' };
        ws.close(1000);
      }
    }
  });
  ws.on('close', (code, reason) => {
    clearTimeout(idle);
    session.closed ??= { code, reason: String(reason), by: 'client' };
  });
}

/** The first words of an answer, one more every 300 ms of speech (never the whole of it before the final). */
export function interimOf(text: string, speechMs: number): string {
  const words = text.split(/\s+/).filter(Boolean);
  const n = Math.min(Math.max(1, words.length - 1), Math.max(1, Math.round(speechMs / 300)));
  return words.slice(0, n).join(' ');
}
