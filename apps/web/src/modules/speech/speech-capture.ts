import { SPEECH } from '@lt/contracts';
import {
  findRecognition,
  type RecognitionAlternativeLike,
  type RecognitionErrorEventLike,
  type RecognitionLike,
  type RecognitionResultEventLike,
} from './recognition.types';

export interface SpeechResult {
  messageId: string;
  text: string;
  confidence: number;
  timestamp: string;
}

export type SpeechCaptureError =
  { kind: 'not-supported' } | { kind: 'microphone-denied' } | { kind: 'recognition'; code: string } | { kind: 'max-retries-reached' };

export type SpeechCaptureEvent =
  | { type: 'final'; result: SpeechResult }
  | { type: 'interim'; result: SpeechResult }
  | { type: 'recording'; recording: boolean }
  /** The recogniser (re)started: an error it had before was passing. */
  | { type: 'listening' }
  | { type: 'error'; error: SpeechCaptureError };

export interface SpeechCaptureOptions {
  onEvent: (event: SpeechCaptureEvent) => void;
  createRecognition?: () => RecognitionLike | undefined;
  newId?: () => string;
  now?: () => Date;
}

function defaultCreateRecognition(): RecognitionLike | undefined {
  const Recognition = findRecognition();
  return Recognition ? new Recognition() : undefined;
}

/** Recognisers report a missing score as undefined, null or 0; all of them count as the default. */
export function normaliseConfidence(confidence: number | null | undefined): number {
  if (confidence == null || confidence === 0 || Number.isNaN(confidence)) return SPEECH.defaultConfidence;
  return confidence;
}

/**
 * Browser speech recognition: final results filtered by length and confidence,
 * interim results only once stable, and automatic restarts when the recogniser stops by itself.
 */
export class SpeechCapture {
  private readonly onEvent: (event: SpeechCaptureEvent) => void;
  private readonly createRecognition: () => RecognitionLike | undefined;
  private readonly newId: () => string;
  private readonly now: () => Date;

  private recognition: RecognitionLike | undefined;
  private recording = false;
  private attempts = 0;
  private restartTimer: ReturnType<typeof setTimeout> | undefined;
  private interimTimer: ReturnType<typeof setTimeout> | undefined;
  private pendingInterim: { text: string; confidence: number } | undefined;
  private lastInterimText: string | undefined;

  constructor(options: SpeechCaptureOptions) {
    this.onEvent = options.onEvent;
    this.createRecognition = options.createRecognition ?? defaultCreateRecognition;
    this.newId = options.newId ?? (() => crypto.randomUUID());
    this.now = options.now ?? (() => new Date());
  }

  static isSupported(): boolean {
    return findRecognition() !== undefined;
  }

  get isRecording(): boolean {
    return this.recording;
  }

  /** Starts listening in the given BCP 47 language; false when it could not start. */
  start(speechCode: string): boolean {
    if (this.recording) return true;
    const recognition = this.createRecognition();
    if (!recognition) {
      this.onEvent({ type: 'error', error: { kind: 'not-supported' } });
      return false;
    }
    recognition.continuous = true;
    recognition.interimResults = true;
    recognition.maxAlternatives = 1;
    recognition.lang = speechCode;
    recognition.onstart = () =>
      this.ifCurrent(recognition, () => {
        this.attempts = 0;
        this.onEvent({ type: 'listening' });
      });
    recognition.onresult = (event) => this.ifCurrent(recognition, () => this.handleResult(event));
    recognition.onerror = (event) => this.ifCurrent(recognition, () => this.handleError(event));
    recognition.onend = () => this.ifCurrent(recognition, () => this.scheduleRestart(SPEECH.restartDelayAfterEndMs));

    this.recognition = recognition;
    this.attempts = 0;
    this.lastInterimText = undefined;
    try {
      recognition.start();
    } catch {
      this.recognition = undefined;
      this.onEvent({ type: 'error', error: { kind: 'recognition', code: 'start-failed' } });
      return false;
    }
    this.recording = true;
    this.onEvent({ type: 'recording', recording: true });
    return true;
  }

  stop(): void {
    if (!this.recording) return;
    this.halt();
    this.onEvent({ type: 'recording', recording: false });
  }

  private ifCurrent(recognition: RecognitionLike, run: () => void): void {
    if (this.recording && this.recognition === recognition) run();
  }

  private halt(): void {
    this.recording = false;
    clearTimeout(this.restartTimer);
    clearTimeout(this.interimTimer);
    this.restartTimer = undefined;
    this.interimTimer = undefined;
    this.pendingInterim = undefined;
    const recognition = this.recognition;
    this.recognition = undefined;
    try {
      recognition?.stop();
    } catch {
      /* already stopped */
    }
  }

  private fail(error: SpeechCaptureError): void {
    this.halt();
    this.onEvent({ type: 'error', error });
    this.onEvent({ type: 'recording', recording: false });
  }

  private handleResult(event: RecognitionResultEventLike): void {
    let interimText = '';
    let interimConfidence: number | null | undefined;
    for (let i = event.resultIndex; i < event.results.length; i++) {
      const result = event.results[i];
      const alternative = result?.[0];
      if (!alternative) continue;
      if (result.isFinal) {
        this.handleFinal(alternative);
      } else {
        interimText += alternative.transcript;
        interimConfidence = alternative.confidence;
      }
    }
    if (interimText) this.handleInterim(interimText.trim(), interimConfidence);
  }

  private handleFinal(alternative: RecognitionAlternativeLike): void {
    const text = alternative.transcript.trim();
    if (text.length < SPEECH.minTranscriptLength) return;
    const confidence = normaliseConfidence(alternative.confidence);
    if (confidence < SPEECH.confidenceThreshold) return;
    clearTimeout(this.interimTimer);
    this.interimTimer = undefined;
    this.pendingInterim = undefined;
    this.onEvent({ type: 'final', result: this.result(text, confidence) });
  }

  private handleInterim(text: string, confidence: number | null | undefined): void {
    if (text.length < SPEECH.minTranscriptLength) return;
    if (this.pendingInterim?.text === text) return;
    this.pendingInterim = { text, confidence: normaliseConfidence(confidence) * SPEECH.interimFactor };
    clearTimeout(this.interimTimer);
    this.interimTimer = setTimeout(() => {
      this.interimTimer = undefined;
      const stable = this.pendingInterim;
      this.pendingInterim = undefined;
      if (!stable || stable.text === this.lastInterimText) return;
      this.lastInterimText = stable.text;
      this.onEvent({ type: 'interim', result: this.result(stable.text, stable.confidence) });
    }, SPEECH.interimStableMs);
  }

  private handleError(event: RecognitionErrorEventLike): void {
    if (event.error === 'not-allowed') {
      this.fail({ kind: 'microphone-denied' });
      return;
    }
    this.onEvent({ type: 'error', error: { kind: 'recognition', code: event.error } });
    this.scheduleRestart(SPEECH.restartDelayAfterErrorMs);
  }

  /** An error is usually followed by an end event; the pending restart covers both. */
  private scheduleRestart(delayMs: number): void {
    if (!this.recording || this.restartTimer !== undefined) return;
    if (this.attempts >= SPEECH.restartMax) {
      this.fail({ kind: 'max-retries-reached' });
      return;
    }
    this.attempts += 1;
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      const recognition = this.recognition;
      if (!this.recording || !recognition) return;
      try {
        recognition.start();
      } catch {
        this.scheduleRestart(SPEECH.restartDelayAfterErrorMs);
      }
    }, delayMs);
  }

  private result(text: string, confidence: number): SpeechResult {
    return { messageId: this.newId(), text, confidence, timestamp: this.now().toISOString() };
  }
}
