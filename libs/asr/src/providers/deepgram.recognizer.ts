import type WebSocket from 'ws';
import type { Recognizer, RecognitionEvent, RecognizerSession, SessionOptions, RecognisedWord } from './recognizer';
import { openSocket } from './ws-open';

/** Deepgram closes a session after ~10 s without audio: a KeepAlive goes in pauses longer than this. */
const KEEPALIVE_AFTER_MS = 4_000;
const FINISH_TIMEOUT_MS = 5_000;
/** Deepgram takes up to 100 keyterms (nova-3). */
export const DEEPGRAM_KEYTERM_LIMIT = 100;

interface DeepgramWord {
  word: string;
  punctuated_word?: string;
  start: number;
  end: number;
  confidence: number;
}

interface DeepgramResults {
  type: 'Results';
  start: number;
  duration: number;
  is_final: boolean;
  speech_final: boolean;
  channel: { alternatives: { transcript: string; confidence: number; words: DeepgramWord[] }[] };
}

/** Deepgram live (`/v1/listen`): linear16 at 16 kHz, interim results, endpointing, keyterms. */
export class DeepgramRecognizer implements Recognizer {
  readonly name = 'deepgram';
  readonly sampleRate = 16_000;
  readonly vocabularyLimit = DEEPGRAM_KEYTERM_LIMIT;

  constructor(private readonly settings: { url: string; apiKey: string; model: string }) {}

  async open(options: SessionOptions, onEvent: (event: RecognitionEvent) => void): Promise<RecognizerSession> {
    const url = new URL(this.settings.url);
    const query: Record<string, string> = {
      model: this.settings.model,
      encoding: 'linear16',
      sample_rate: String(this.sampleRate),
      channels: '1',
      interim_results: 'true',
      endpointing: '300',
      utterance_end_ms: '1000',
      vad_events: 'true',
      smart_format: 'true',
      punctuate: 'true',
      language: options.language,
    };
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    for (const term of options.vocabulary) url.searchParams.append('keyterm', term);
    const ws = await openSocket(url.toString(), { Authorization: `Token ${this.settings.apiKey}` });
    return new DeepgramSession(ws, onEvent);
  }
}

class DeepgramSession implements RecognizerSession {
  /** is_final pieces of the utterance not yet ended by speech_final or UtteranceEnd. */
  private pieces: DeepgramResults[] = [];
  private lastSent = Date.now();
  private readonly keepAlive: NodeJS.Timeout;
  private closed = false;
  private finished?: () => void;

  constructor(
    private readonly ws: WebSocket,
    private readonly onEvent: (event: RecognitionEvent) => void,
  ) {
    this.keepAlive = setInterval(() => {
      if (Date.now() - this.lastSent >= KEEPALIVE_AFTER_MS) this.text({ type: 'KeepAlive' });
    }, 1_000);
    this.keepAlive.unref();
    ws.on('message', (data, isBinary) => {
      if (!isBinary) this.onMessage(String(data));
    });
    ws.on('error', (error) => onEvent({ type: 'error', message: error.message }));
    ws.on('close', (code, reason) => {
      clearInterval(this.keepAlive);
      this.flush();
      this.closed = true;
      this.finished?.();
      onEvent({ type: 'closed', code, reason: String(reason) });
    });
  }

  send(pcm: Buffer): void {
    if (this.closed || this.ws.readyState !== this.ws.OPEN) return;
    this.ws.send(pcm);
    this.lastSent = Date.now();
  }

  finish(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.text({ type: 'CloseStream' });
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.close();
        resolve();
      }, FINISH_TIMEOUT_MS);
      this.finished = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  close(): void {
    clearInterval(this.keepAlive);
    this.ws.removeAllListeners('message');
    this.ws.on('error', () => undefined);
    this.ws.terminate();
  }

  private text(message: object): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(JSON.stringify(message));
  }

  private onMessage(raw: string): void {
    let message: { type?: string; [key: string]: unknown };
    try {
      message = JSON.parse(raw);
    } catch {
      return;
    }
    switch (message.type) {
      case 'Results':
        return this.onResults(message as unknown as DeepgramResults);
      case 'UtteranceEnd':
        return this.flush();
      case 'SpeechStarted':
        return this.onEvent({ type: 'speech_started', atMs: Math.round(Number(message.timestamp ?? 0) * 1000) });
      case 'Error':
        return this.onEvent({ type: 'error', message: String(message.description ?? message.message ?? 'Deepgram error') });
    }
  }

  private onResults(r: DeepgramResults): void {
    const alt = r.channel?.alternatives?.[0];
    if (!alt) return;
    if (!r.is_final) {
      const text = [...this.pieces.map((p) => p.channel.alternatives[0].transcript), alt.transcript].join(' ').trim();
      if (alt.transcript) this.onEvent({ type: 'interim', text });
      return;
    }
    if (alt.transcript) this.pieces.push(r);
    if (r.speech_final) this.flush();
  }

  /** The utterance so far becomes one final: its pieces' text and words joined. */
  private flush(): void {
    if (!this.pieces.length) return;
    const pieces = this.pieces;
    this.pieces = [];
    const words: RecognisedWord[] = pieces.flatMap((p) =>
      p.channel.alternatives[0].words.map((w) => ({
        word: w.punctuated_word ?? w.word,
        startMs: Math.round(w.start * 1000),
        endMs: Math.round(w.end * 1000),
        confidence: w.confidence,
      })),
    );
    const text = pieces
      .map((p) => p.channel.alternatives[0].transcript)
      .join(' ')
      .trim();
    const confidence = pieces.reduce((sum, p) => sum + p.channel.alternatives[0].confidence, 0) / pieces.length;
    const startMs = words[0]?.startMs ?? Math.round(pieces[0].start * 1000);
    const last = pieces[pieces.length - 1];
    const endMs = words[words.length - 1]?.endMs ?? Math.round((last.start + last.duration) * 1000);
    this.onEvent({ type: 'final', text, startMs, endMs, confidence, words });
    this.onEvent({ type: 'speech_stopped', atMs: endMs });
  }
}
