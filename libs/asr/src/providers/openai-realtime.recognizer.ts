import type WebSocket from 'ws';
import type { Recognizer, RecognitionEvent, RecognizerSession, SessionOptions } from './recognizer';
import { openSocket } from './ws-open';

const FINISH_TIMEOUT_MS = 5_000;
/** Quiet of the server after which the audio sent is taken to be heard. */
const QUIET_MS = 700;
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
  private speaking = false;
  private lastEvent = Date.now();

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
    this.lastEvent = Math.max(this.lastEvent, Date.now());
  }

  /**
   * The server says nothing when it has taken the audio: the session ends once every item is transcribed and
   * the server has been quiet a moment (a sentence still spoken is committed first).
   */
  finish(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.speaking) this.ws.send(JSON.stringify({ type: 'input_audio_buffer.commit' }));
    return new Promise((resolve) => {
      const started = Date.now();
      const check = setInterval(() => {
        const settled = !this.items.some((i) => !i.done) && Date.now() - this.lastEvent >= QUIET_MS;
        if (!settled && !this.closed && Date.now() - started < FINISH_TIMEOUT_MS) return;
        clearInterval(check);
        this.close();
        resolve();
      }, 50);
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
    this.lastEvent = Date.now();
    switch (m.type) {
      case 'input_audio_buffer.speech_started':
        this.speaking = true;
        this.item(m.item_id).startMs = m.audio_start_ms;
        return this.onEvent({ type: 'speech_started', atMs: m.audio_start_ms });
      case 'input_audio_buffer.speech_stopped':
        this.speaking = false;
        this.item(m.item_id).endMs = m.audio_end_ms;
        return this.onEvent({ type: 'speech_stopped', atMs: m.audio_end_ms });
      case 'input_audio_buffer.committed':
        this.item(m.item_id);
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
  error?: { message?: string };
}

/** Mean probability of the tokens, when the server sent their logprobs; otherwise a fair default. */
function confidenceOf(logprobs: unknown): number {
  if (!Array.isArray(logprobs) || !logprobs.length) return 0.9;
  const mean = logprobs.reduce((sum: number, p: { logprob?: number }) => sum + Math.exp(p.logprob ?? 0), 0) / logprobs.length;
  return Math.min(1, Math.max(0, mean));
}
