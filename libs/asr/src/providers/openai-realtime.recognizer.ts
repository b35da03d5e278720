import type WebSocket from 'ws';
import type { Recognizer, RecognitionEvent, RecognizerSession, SessionOptions } from './recognizer';
import { openSocket } from './ws-open';

const FINISH_TIMEOUT_MS = 5_000;
/** Terms of the glossary given in the transcription prompt (the prompt is short text, not a list of any size). */
export const OPENAI_PROMPT_TERM_LIMIT = 50;

interface Item {
  id: string;
  text: string;
  startMs?: number;
  endMs?: number;
  done?: { transcript: string; confidence: number } | 'failed';
}

/**
 * OpenAI's realtime transcription (`/v1/realtime?intent=transcription`), or a server speaking it: 24 kHz PCM
 * appended in base64, server VAD cuts the speech into items, each transcribed with deltas then once completed.
 */
export class OpenAiRealtimeRecognizer implements Recognizer {
  readonly sampleRate = 24_000;
  readonly vocabularyLimit = OPENAI_PROMPT_TERM_LIMIT;

  constructor(
    readonly name: 'openai' | 'openai-compatible',
    private readonly settings: { url: string; apiKey?: string; model: string },
  ) {}

  async open(options: SessionOptions, onEvent: (event: RecognitionEvent) => void): Promise<RecognizerSession> {
    const url = new URL(this.settings.url);
    url.searchParams.set('intent', 'transcription');
    const headers: Record<string, string> = this.settings.apiKey ? { Authorization: `Bearer ${this.settings.apiKey}` } : {};
    const ws = await openSocket(url.toString(), headers);
    const prompt = options.vocabulary.length ? `Vocabulary: ${options.vocabulary.join(', ')}.` : '';
    ws.send(
      JSON.stringify({
        type: 'session.update',
        session: {
          type: 'transcription',
          audio: {
            input: {
              format: { type: 'audio/pcm', rate: this.sampleRate },
              transcription: { model: this.settings.model, language: options.language.split('-')[0], prompt },
              turn_detection: { type: 'server_vad', threshold: 0.5, prefix_padding_ms: 300, silence_duration_ms: 500 },
            },
          },
        },
      }),
    );
    return new RealtimeSession(ws, onEvent);
  }
}

class RealtimeSession implements RecognizerSession {
  /** Items in the order the server committed them: their finals go out in that order. */
  private readonly items: Item[] = [];
  private closed = false;
  /** The marker sent by `finish`, and whether the server answered it (all audio before it is heard). */
  private marker: 'none' | 'sent' | 'answered' = 'none';
  /** session.update sent (the opening one, then the marker) and answered: the marker's answer is the last. */
  private updatesSent = 1;
  private updatesAnswered = 0;

  constructor(
    private readonly ws: WebSocket,
    private readonly onEvent: (event: RecognitionEvent) => void,
  ) {
    ws.on('message', (data, isBinary) => {
      if (!isBinary) this.onMessage(String(data));
    });
    ws.on('error', (error) => onEvent({ type: 'error', message: error.message }));
    ws.on('close', (code, reason) => {
      this.closed = true;
      onEvent({ type: 'closed', code, reason: String(reason) });
    });
  }

  send(pcm: Buffer): void {
    if (this.closed || this.ws.readyState !== this.ws.OPEN) return;
    this.ws.send(JSON.stringify({ type: 'input_audio_buffer.append', audio: pcm.toString('base64') }));
  }

  /**
   * The server does not ack appended audio: speech still pending is committed, then a `session.update` that
   * changes nothing is sent as a marker (events are handled in order: its `session.updated` comes after
   * everything sent before); the session ends once that is answered and every item is transcribed.
   */
  finish(): Promise<boolean> {
    if (this.closed) return Promise.resolve(false);
    this.marker = 'sent';
    this.ws.send(JSON.stringify({ type: 'input_audio_buffer.commit' }));
    this.ws.send(JSON.stringify({ type: 'session.update', session: { type: 'transcription' } }));
    this.updatesSent += 1;
    return new Promise((resolve) => {
      const started = Date.now();
      const check = setInterval(() => {
        const settled = this.marker === 'answered' && !this.items.some((i) => !i.done);
        if (!settled && !this.closed && Date.now() - started < FINISH_TIMEOUT_MS) return;
        clearInterval(check);
        this.close();
        resolve(settled);
      }, 20);
    });
  }

  close(): void {
    this.closed = true;
    this.ws.removeAllListeners('message');
    this.ws.on('error', () => undefined);
    this.ws.terminate();
  }

  private item(id: string): Item {
    let item = this.items.find((i) => i.id === id);
    if (!item) {
      item = { id, text: '' };
      this.items.push(item);
    }
    return item;
  }

  private onMessage(raw: string): void {
    let m: RealtimeEvent;
    try {
      m = JSON.parse(raw);
    } catch {
      return;
    }
    switch (m.type) {
      case 'input_audio_buffer.speech_started':
        this.item(m.item_id).startMs = m.audio_start_ms;
        return this.onEvent({ type: 'speech_started', atMs: m.audio_start_ms });
      case 'input_audio_buffer.speech_stopped':
        this.item(m.item_id).endMs = m.audio_end_ms;
        return this.onEvent({ type: 'speech_stopped', atMs: m.audio_end_ms });
      case 'input_audio_buffer.committed':
        this.item(m.item_id);
        return;
      case 'session.updated':
        this.updatesAnswered += 1;
        if (this.marker === 'sent' && this.updatesAnswered >= this.updatesSent) this.marker = 'answered';
        return;
      case 'conversation.item.input_audio_transcription.delta': {
        const item = this.item(m.item_id);
        item.text += m.delta ?? '';
        if (item.text.trim()) this.onEvent({ type: 'interim', text: item.text.trim() });
        return;
      }
      case 'conversation.item.input_audio_transcription.completed':
        this.item(m.item_id).done = { transcript: String(m.transcript ?? ''), confidence: confidenceOf(m.logprobs) };
        return this.release();
      case 'conversation.item.input_audio_transcription.failed':
        this.item(m.item_id).done = 'failed';
        this.onEvent({ type: 'error', message: `transcription failed: ${m.error?.message ?? 'unknown error'}` });
        return this.release();
      case 'error':
        // The answer to the closing commit when no speech was pending: not a failure.
        if (this.marker !== 'none' && m.error?.code === 'input_audio_buffer_commit_empty') return;
        return this.onEvent({ type: 'error', message: String(m.error?.message ?? 'realtime error') });
    }
  }

  /** Finals leave in the order of their items; one still transcribing holds back those after it. */
  private release(): void {
    while (this.items.length && this.items[0].done) {
      const item = this.items.shift() as Item;
      if (item.done === 'failed' || !item.done?.transcript.trim()) continue;
      const startMs = item.startMs ?? 0;
      const endMs = item.endMs ?? startMs;
      this.onEvent({ type: 'final', text: item.done.transcript.trim(), startMs, endMs, confidence: item.done.confidence, words: [] });
    }
  }
}

/** The fields of the realtime server events read here (each event has some of them). */
interface RealtimeEvent {
  type?: string;
  item_id: string;
  audio_start_ms: number;
  audio_end_ms: number;
  delta?: string;
  transcript?: string;
  logprobs?: unknown;
  error?: { message?: string; code?: string };
}

/** Mean probability of the tokens, when the server sent their logprobs; otherwise a fair default. */
function confidenceOf(logprobs: unknown): number {
  if (!Array.isArray(logprobs) || !logprobs.length) return 0.9;
  const mean = logprobs.reduce((sum: number, p: { logprob?: number }) => sum + Math.exp(p.logprob ?? 0), 0) / logprobs.length;
  return Math.min(1, Math.max(0, mean));
}
