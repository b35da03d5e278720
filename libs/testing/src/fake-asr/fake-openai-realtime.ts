import type { WebSocket } from 'ws';
import { interimOf } from './fake-deepgram';
import { SpeechDetector, type HeardUtterance } from './speech-detector';
import type { FakeAsrFault, FakeAsrHost, FakeAsrSession } from './fake-asr.types';

const id = (prefix: string) => `${prefix}_${crypto.randomUUID().replace(/-/g, '').slice(0, 20)}`;

/**
 * OpenAI's realtime transcription (`/v1/realtime?intent=transcription`) as the fake plays it: `session.created`,
 * `session.updated` after `session.update`; base64 PCM at 24 kHz by `input_audio_buffer.append`; server VAD
 * (`input_audio_buffer.speech_started` / `speech_stopped` / `committed`), transcription `delta`s while speaking
 * and after, then `completed`. Errors as the API sends them (`error` with `error.type/code/message`).
 */
export function playOpenAiRealtime(ws: WebSocket, session: FakeAsrSession, host: FakeAsrHost): void {
  const sessionId = id('sess');
  let item = id('item');
  let previous: string | null = null;
  let sentText = '';
  const send = (event: object) => ws.readyState === ws.OPEN && ws.send(JSON.stringify({ event_id: id('event'), ...event }));
  const errorEvent = (type: string, code: string, message: string) =>
    send({ type: 'error', error: { type, code, message, param: null, event_id: null } });
  const close = (code: number, reason: string) => {
    if (ws.readyState !== ws.OPEN) return;
    session.closed = { code, reason, by: 'server' };
    ws.close(code, reason);
  };
  const play = (fault: FakeAsrFault) => {
    if (fault.kind === 'error') {
      errorEvent('server_error', 'server_error', 'The server had an error while processing your request.');
      close(1011, 'server_error');
    } else if (fault.kind === 'close1011') close(1011, 'Internal error');
    else {
      errorEvent('invalid_request_error', 'session_expired', 'Your session hit the maximum duration of 60 minutes.');
      close(1000, 'session_expired');
    }
  };
  const delta = (text: string) => {
    const next = text.startsWith(sentText) ? text.slice(sentText.length) : '';
    if (!next) return;
    sentText = text;
    send({ type: 'conversation.item.input_audio_transcription.delta', item_id: item, content_index: 0, delta: next });
  };
  const detector = new SpeechDetector(session.sampleRate, {
    started: (atMs) => {
      sentText = '';
      send({ type: 'input_audio_buffer.speech_started', audio_start_ms: atMs, item_id: item });
      const now = host.takeFault('now');
      if (now) play(now);
    },
    progress: (speechMs) => {
      const fault = host.takeFault('mid-speech');
      if (fault) return play(fault);
      const heard = detector.current();
      if (heard) delta(interimOf(host.preview(heard), speechMs));
    },
    stopped: (u: HeardUtterance) => {
      send({ type: 'input_audio_buffer.speech_stopped', audio_end_ms: u.endMs, item_id: item });
      send({ type: 'input_audio_buffer.committed', previous_item_id: previous, item_id: item });
      send({
        type: 'conversation.item.added',
        previous_item_id: previous,
        item: { id: item, type: 'message', status: 'completed', role: 'user', content: [{ type: 'input_audio', transcript: null }] },
      });
      const { text } = host.answer(u, session);
      session.finals.push(text);
      delta(text.startsWith(sentText) ? text : sentText);
      send({
        type: 'conversation.item.input_audio_transcription.completed',
        item_id: item,
        content_index: 0,
        transcript: text,
        usage: { type: 'duration', seconds: Math.ceil((u.endMs - u.startMs) / 1000) },
      });
      previous = item;
      item = id('item');
    },
  });
  session.detector = detector;
  session.play = play;
  send({
    type: 'session.created',
    session: {
      type: 'transcription',
      id: sessionId,
      object: 'realtime.transcription_session',
      audio: { input: { format: { type: 'audio/pcm', rate: 24000 } } },
    },
  });
  ws.on('message', (data, isBinary) => {
    let event: { type?: string; audio?: string; session?: Record<string, unknown> };
    try {
      event = isBinary ? {} : JSON.parse(String(data));
    } catch {
      return errorEvent('invalid_request_error', 'invalid_json', 'The message is not valid JSON.');
    }
    switch (event.type) {
      case 'session.update':
      case 'transcription_session.update':
        session.config = event.session;
        return send({ type: 'session.updated', session: { id: sessionId, ...event.session } });
      case 'input_audio_buffer.append':
        if (typeof event.audio !== 'string') return errorEvent('invalid_request_error', 'missing_required_parameter', "Missing 'audio'.");
        return detector.push(Buffer.from(event.audio, 'base64'));
      case 'input_audio_buffer.commit':
        if (detector.speaking) detector.push(Buffer.alloc((session.sampleRate * 2 * 400) / 1000));
        return;
      case 'input_audio_buffer.clear':
        return send({ type: 'input_audio_buffer.cleared' });
      default:
        return errorEvent('invalid_request_error', 'invalid_value', `Invalid value: '${event.type}'.`);
    }
  });
  ws.on('close', (code, reason) => {
    session.finished = true;
    session.closed ??= { code, reason: String(reason), by: 'client' };
  });
}
