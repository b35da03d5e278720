import type { RecognitionLike, RecognitionResultEventLike } from '../src/modules/speech/recognition.types';

/** Stands in for the browser's SpeechRecognition; tests push results into it. */
export class FakeRecognition implements RecognitionLike {
  static instances: FakeRecognition[] = [];

  static install(): void {
    FakeRecognition.instances = [];
    Object.assign(window, { SpeechRecognition: FakeRecognition });
  }

  static uninstall(): void {
    delete (window as { SpeechRecognition?: unknown }).SpeechRecognition;
  }

  static latest(): FakeRecognition {
    const recognition = FakeRecognition.instances.at(-1);
    if (!recognition) throw new Error('no recognition was created');
    return recognition;
  }

  continuous = false;
  interimResults = false;
  lang = '';
  maxAlternatives = 0;
  started = false;
  onstart: (() => void) | null = null;
  onresult: ((event: RecognitionResultEventLike) => void) | null = null;
  onerror: ((event: { error: string }) => void) | null = null;
  onend: (() => void) | null = null;

  constructor() {
    FakeRecognition.instances.push(this);
  }

  start(): void {
    this.started = true;
  }

  stop(): void {
    this.started = false;
  }

  abort(): void {
    this.started = false;
  }

  say(transcript: string, isFinal = true, confidence = 0.92): void {
    const result = Object.assign([{ transcript, confidence }], { isFinal });
    this.onresult?.({ resultIndex: 0, results: [result] });
  }
}
