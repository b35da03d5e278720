import type { SpeechDetector, HeardUtterance } from './speech-detector';

/** An utterance the fake answers: where it was heard, its index on this server, and in its session. */
export interface FakeUtterance extends HeardUtterance {
  /** Counted over the whole server (every session), from 0. */
  index: number;
  session: number;
}

/**
 * A failure the fake plays: a provider `error` message then a close with 1011; a bare close with 1011; or the
 * session's expiry (the provider's maximum duration). `mid-speech`: while the next utterance is being spoken.
 */
export interface FakeAsrFault {
  kind: 'error' | 'close1011' | 'expire';
  when: 'now' | 'mid-speech';
}

export interface FakeAsrSession {
  id: number;
  protocol: 'deepgram' | 'openai';
  /** The request's query (Deepgram's settings and keyterms) and headers' Authorization. */
  query: Record<string, string[]>;
  authorization: string;
  /** OpenAI: the last session.update's session object. */
  config?: Record<string, unknown>;
  sampleRate: number;
  detector: SpeechDetector;
  /** Finals it sent, in order. */
  finals: string[];
  closed?: { code: number; reason: string; by: 'client' | 'server' };
  /** Plays a failure on this session at once. */
  play?: (fault: FakeAsrFault) => void;
  /** The client ended it properly (CloseStream; or closed the socket after its last words). */
  finished: boolean;
}

/** What a protocol needs of the server: the words to answer, and the next failure to play. */
export interface FakeAsrHost {
  answer(utterance: HeardUtterance, session: FakeAsrSession): { text: string; index: number };
  /** The words it would answer so far (interim), without counting the utterance. */
  preview(utterance: HeardUtterance): string;
  takeFault(when: FakeAsrFault['when']): FakeAsrFault | null;
  /** Ms between a fake's interim messages (and after the end of speech, before its final). */
  readonly idleMs: number;
}
