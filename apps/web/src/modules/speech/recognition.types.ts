/** The slice of the Web Speech API the capture uses; browsers ship it prefixed or not at all. */
export interface RecognitionAlternativeLike {
  readonly transcript: string;
  readonly confidence?: number | null;
}

export interface RecognitionResultLike {
  readonly isFinal: boolean;
  readonly length: number;
  readonly [index: number]: RecognitionAlternativeLike;
}

export interface RecognitionResultListLike {
  readonly length: number;
  readonly [index: number]: RecognitionResultLike;
}

export interface RecognitionResultEventLike {
  readonly resultIndex: number;
  readonly results: RecognitionResultListLike;
}

export interface RecognitionErrorEventLike {
  readonly error: string;
  readonly message?: string;
}

export interface RecognitionLike {
  continuous: boolean;
  interimResults: boolean;
  lang: string;
  maxAlternatives: number;
  onstart: (() => void) | null;
  onresult: ((event: RecognitionResultEventLike) => void) | null;
  onerror: ((event: RecognitionErrorEventLike) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}

export type RecognitionConstructor = new () => RecognitionLike;

interface SpeechWindow {
  SpeechRecognition?: RecognitionConstructor;
  webkitSpeechRecognition?: RecognitionConstructor;
}

export function findRecognition(win: unknown = typeof window === 'undefined' ? undefined : window) {
  if (!win) return undefined;
  const speechWindow = win as SpeechWindow;
  return speechWindow.SpeechRecognition ?? speechWindow.webkitSpeechRecognition;
}
