/**
 * One internal model of what any provider recognises. Times are ms of the audio sent in the session (its
 * first sample is 0); the stream maps them onto its own timeline.
 */
export interface RecognisedWord {
  word: string;
  startMs: number;
  endMs: number;
  confidence: number;
}

export type RecognitionEvent =
  | { type: 'interim'; text: string }
  | { type: 'final'; text: string; startMs: number; endMs: number; confidence: number; words: RecognisedWord[] }
  | { type: 'speech_started'; atMs: number }
  | { type: 'speech_stopped'; atMs: number }
  /** The provider refused something or failed; the session may still be open. */
  | { type: 'error'; message: string }
  /** The session is over (a close of the provider, an expiry, a network failure). */
  | { type: 'closed'; code: number; reason: string };

export interface SessionOptions {
  language: string;
  /** The room's glossary terms, already within the provider's limit. */
  vocabulary: string[];
}

export interface RecognizerSession {
  /** 16-bit mono PCM at the recognizer's rate. */
  send(pcm: Buffer): void;
  /** Asks for the last words and resolves once the provider has said them (or after a timeout). */
  finish(): Promise<void>;
  /** Drops the session at once. */
  close(): void;
}

export interface Recognizer {
  readonly name: 'deepgram' | 'openai' | 'openai-compatible';
  /** The rate the provider takes: pages send at it. */
  readonly sampleRate: number;
  /** How many glossary terms it takes as vocabulary. */
  readonly vocabularyLimit: number;
  open(options: SessionOptions, onEvent: (event: RecognitionEvent) => void): Promise<RecognizerSession>;
}

export const RECOGNIZER = Symbol('RECOGNIZER');

/** Ms of audio in a PCM buffer of 16-bit samples. */
export const pcmMs = (bytes: number, sampleRate: number): number => (bytes / 2 / sampleRate) * 1000;
